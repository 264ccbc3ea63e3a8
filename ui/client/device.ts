/** What the UI runs on, for the worker's sound rule (spec 1 §9: no sounds on mobile). */
export function isMobileDevice(nav: Navigator = navigator): boolean {
  const hinted = (nav as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  if (typeof hinted === 'boolean') return hinted;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent);
}

/** The end of today in the user's zone (epoch ms): when 'mute for today' ends. */
export function endOfToday(now: Date = new Date()): number {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return next.getTime();
}
