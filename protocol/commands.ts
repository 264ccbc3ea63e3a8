/**
 * Composer commands: a message whose first line starts with one of these
 * becomes a `command` part (spec 1 §3 "command (with code)"). The set is
 * Plaza's choice (the spec names the part, not the commands); any other
 * "/word" is posted as plain text, so paths like "/etc/hosts" stay text.
 * A command part's `text` is what follows the command word.
 */
export const COMMANDS = [
  { code: 'me', usage: '/me text', description: 'Says the text as an action: "Alice waves".' },
  { code: 'shrug', usage: '/shrug [text]', description: 'Adds ¯\\_(ツ)_/¯ after the text.' },
  { code: 'code', usage: '/code text', description: 'Shows the text as code, spacing kept.' },
] as const;
export type CommandCode = (typeof COMMANDS)[number]['code'];

export const SHRUG = '¯\\_(ツ)_/¯';

export function isCommandCode(code: string): code is CommandCode {
  return COMMANDS.some((c) => c.code === code);
}
