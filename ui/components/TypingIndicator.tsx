/** Who is typing in the open conversation, announced politely. */

/** "Bob is typing…", "Bob and Carol are typing…", "Bob, Carol and Dave are typing…", "Several people are typing…". */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length > 3) return 'Several people are typing…';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are typing…`;
}

export function TypingIndicator({ names }: { names: readonly string[] }) {
  // The live region stays mounted (even empty) so screen readers pick up its changes.
  return (
    <div className="typing" aria-live="polite">
      {typingText(names)}
    </div>
  );
}
