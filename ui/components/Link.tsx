/** An <a> that navigates inside the app (history API) on a plain click, and behaves natively otherwise. */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { usePlaza } from '../client/core-context';

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { router } = usePlaza();
  const handleClick = (e: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(e);
    // Modified clicks (new tab, new window, download) stay with the browser.
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    router.navigate(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
