/** What the "Get the free guide" block says, on the landing page and after the quiz's result. */
export const guideBlock = {
  heading: 'Get the free guide',
  intro: 'Not ready for a call? Start with a short guide, free: leave your address and it comes to your inbox.',
  /** Above the compact block after the quiz's result. */
  afterQuiz: 'While you think it over: a free guide',
  label: (title: string) => `Email address for “${title}”`,
  placeholder: 'Your email address',
  submit: 'Send me the guide',
  done: 'Check your inbox',
  success: 'Check your inbox to confirm your address; the guide comes right after.',
  free: 'Free guide',
};

/** What the content editor says about a guide's PDF. */
export const guideFileWords = {
  label: 'The guide (PDF)',
  upload: 'Upload the PDF',
  hint: (mb: number) =>
    `A PDF of at most ${mb} MB. It is sent only to people who confirmed their address, through a link of their own.`,
  kept: (size: string) => `Uploaded: a PDF of ${size}. Upload another to replace it.`,
  none: 'No PDF yet: the guide is not offered until it has one.',
  notPdf: 'is not a PDF (a renamed file is refused): choose the guide saved as a PDF.',
  tooBig: (mb: number) => `is larger than ${mb} MB: choose a smaller PDF, or save it smaller first.`,
  noBucket: 'cannot be uploaded now: the file storage is not set up. Ask whoever looks after the site.',
  /** A file's size as the editor shows it. */
  size: (bytes: number) =>
    bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`,
};
