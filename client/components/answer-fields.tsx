/** The quiz answers chosen so far, as the hidden fields `answers.0` … that every quiz form carries along. */
export function AnswerFields({ answers }: { answers: Record<string, string> }) {
  return (
    <>
      {Object.entries(answers).map(([step, option]) => (
        <input key={step} type="hidden" name={`answers.${step}`} value={option} />
      ))}
    </>
  );
}
