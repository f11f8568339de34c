import { answerFields } from '../lib/quiz-step-view';

/** The quiz answers chosen so far, as the hidden fields `answers.0` … that every quiz form carries along. */
export function AnswerFields({ answers }: { answers: Record<string, string> }) {
  return (
    <>
      {answerFields(answers).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
