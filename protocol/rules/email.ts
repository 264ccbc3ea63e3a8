/**
 * Email format checks (spec 1 §5): exactly one @; the local part is word
 * characters with single dots, plus signs or hyphens between them; the domain
 * is dot-separated word parts ending in a part of 2 to 64 characters. Lists
 * split on commas or semicolons. Shared by the invite form and the server.
 */

const LOCAL = /^\w+(?:[.+-]\w+)*$/;
/** Word parts may hold single inner hyphens (acme-corp.test): "word parts" as domains are really written. */
const DOMAIN = /^\w+(?:-\w+)*(?:\.\w+(?:-\w+)*)*\.\w{2,64}$/;
/** The looser check: something, @, something, a dot, something. */
export const LOOSE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The strict check. Addresses longer than 320 characters are refused before any pattern runs. */
export function isValidEmail(text: string): boolean {
  if (text.length > 320) return false;
  const parts = text.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  return LOCAL.test(local) && DOMAIN.test(domain);
}

export const isLooselyValidEmail = (text: string): boolean => text.length <= 320 && LOOSE_EMAIL.test(text);

/** Splits a typed list on commas or semicolons; blanks are dropped, entries trimmed. */
export function splitEmailList(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Why an address was refused, in the words the form and the server show. */
export const invalidEmailMessage = (email: string): string => `${email} is not a valid email address.`;
