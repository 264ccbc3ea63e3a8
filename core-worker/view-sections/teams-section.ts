/** The "Browse teams" directory (whole, when it changed) and the members panels the user opened (whole per team). */
import { teamMembersView, teamSummaryView } from '../../projections/views/team-view';
import type { TeamDirectoryView, TeamMembersView } from '../../protocol/views';
import { sameView, type ViewSection } from './section';

export function createTeamsSection(): ViewSection {
  let sentDirectory: TeamDirectoryView | null = null;
  let sentPanels = new Map<string, TeamMembersView>();
  return {
    build(patch, { p, changes, runtime, reset }) {
      const load = runtime.teams.directory;
      const dir = p.teams.directory;
      const directory: TeamDirectoryView = {
        status: load.loading ? 'loading' : load.error ? 'error' : dir ? 'loaded' : 'idle',
        error: load.error,
        teams: dir ? dir.teams.map(teamSummaryView) : [],
        departments: dir ? dir.departments.map(teamSummaryView) : [],
      };
      if (reset || changes.teamDirectory) {
        if (reset || !sameView(sentDirectory, directory)) patch.teamDirectory = directory;
        sentDirectory = directory;
      }

      if (reset) sentPanels = new Map();
      const addresses = reset ? new Set([...p.teams.panels.keys(), ...runtime.teams.members.keys()]) : changes.teamMembers;
      // Rights in a panel follow the user's standing in the channel: re-check the panels of channels that changed.
      const all = new Set(addresses);
      for (const address of sentPanels.keys()) if (changes.allChannels || changes.channels.has(address)) all.add(address);
      const out: Record<string, TeamMembersView | null> = {};
      let any = false;
      for (const address of all) {
        const panel = p.teams.panels.get(address);
        const status = runtime.teams.members.get(address);
        if (!panel && !status) {
          if (sentPanels.delete(address)) {
            out[address] = null;
            any = true;
          }
          continue;
        }
        const view = teamMembersView(address, panel, status, p.channels.byAddress.get(address)?.channel, p.session.user);
        if (!sameView(sentPanels.get(address), view)) {
          sentPanels.set(address, view);
          out[address] = view;
          any = true;
        }
      }
      if (reset || any) patch.teamMembers = out;
    },
    forget() {
      sentDirectory = null;
      sentPanels = new Map();
    },
  };
}
