import { useEffect, useRef, type ReactNode } from 'react';
import { trapTab } from '../lib/focus-trap';
import { lockScroll } from '../lib/scroll-lock';

export interface ModalProps {
  open: boolean;
  /** Called whenever the dialog closed, however it was closed (button, backdrop, Escape). */
  onClose: () => void;
  /** id of the heading that names the dialog. */
  labelledBy: string;
  /** The element focus returns to on close; defaults to whatever had focus when it opened. */
  opener?: HTMLElement | null;
  className?: string;
  id?: string;
  /**
   * Shown in the page rather than as a modal: after a refused plain form post, the page comes back with
   * the form open in place. (Without JavaScript, the dialog also shows in place while it is the #target.)
   */
  inline?: boolean;
  children: ReactNode;
}

/**
 * A real modal dialog on the native <dialog> element: showModal() makes the rest
 * of the page inert and gives Escape for free. On top of that: the page does not
 * scroll behind it, Tab cycles inside it, a click on the backdrop closes it, and
 * focus goes back to the opener. The element marked data-autofocus gets focus first.
 */
export function Modal({ open, onClose, labelledBy, opener, className, id, inline, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Where the press began: a drag from a field out onto the backdrop must not close the dialog.
  const pressedBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const returnTo = opener ?? (document.activeElement as HTMLElement | null);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const release = lockScroll();
    return () => {
      if (dialog.open) dialog.close();
      release();
      returnTo?.focus();
    };
  }, [open, opener]);

  return (
    <dialog
      ref={ref}
      id={id}
      className={['modal', className, inline && !open ? 'is-inline' : ''].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onKeyDown={(e) => ref.current && trapTab(e, ref.current)}
      onPointerDown={(e) => {
        pressedBackdrop.current = e.target === ref.current;
      }}
      onClick={(e) => {
        if (e.target === ref.current && pressedBackdrop.current) ref.current.close();
      }}
    >
      <div className="modal-body">{children}</div>
    </dialog>
  );
}

/** The round × button in a modal's top corner. Closing the dialog fires its onClose; shown in place, it calls onClose. */
export function ModalClose({ label, onClose }: { label: string; onClose?: () => void }) {
  return (
    <button
      type="button"
      className="icon-btn modal-close"
      aria-label={label}
      onClick={(e) => {
        const dialog = e.currentTarget.closest('dialog');
        if (dialog?.open) dialog.close();
        else onClose?.();
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
