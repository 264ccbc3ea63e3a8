/** The people view (own status and statuses, directory search, connections, the bot's error): sent whole when it changed. */
import { peopleView } from '../../projections/views/people-view';
import type { ViewSection } from './section';

export function createPeopleSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      // Search results carry presence: a presence change may show in them.
      // The connection: the own automatic status shows Offline while the socket is down.
      const touched = changes.people || changes.session || changes.connection || (changes.userGuids.size > 0 && p.people.search !== null);
      if (reset || touched) patch.people = peopleView(p.people, p.presence, p.session.user, p.connection.socket === 'offline');
    },
    forget() {},
  };
}
