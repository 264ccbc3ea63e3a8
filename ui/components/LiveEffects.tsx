/** What a live session does beyond the screen: the tab title and icon badge, and the sounds the worker decides. */
import { useEffect } from 'react';
import { watchBadge } from '../client/badge';
import { usePlaza } from '../client/core-context';
import { createAudioPlayer, watchSounds } from '../client/sound';

export function LiveEffects() {
  const { store } = usePlaza();
  useEffect(() => watchBadge(store), [store]);
  useEffect(() => watchSounds(store, createAudioPlayer()), [store]);
  return null;
}
