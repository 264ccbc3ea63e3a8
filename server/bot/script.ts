/**
 * What the welcome bot says (spec 1 §4 sequence): each step is a short text,
 * the choices it offers (command parts the user can click), and the step
 * that follows at once, if any. Texts are Plaza's own; they say plainly what
 * Plaza does not have yet.
 */
import type { MessagePart } from '../../protocol/entities';
import { BOT_COMMAND_PREFIX, type BotStep, type BotTopic, type TutorialState } from '../../protocol/welcome-bot';

export interface ScriptContext {
  firstName: string;
  companyName: string;
  isAdmin: boolean;
  /** The tutorial state before this greeting (welcomeBack differs for first and nth). */
  tutorial: TutorialState;
}

export interface Choice {
  label: string;
  step: BotStep;
}

export interface Line {
  text: string;
  choices: Choice[];
  /** Said right after this one, without waiting for an answer. */
  then?: BotStep;
}

const TOPIC_LABELS: Record<BotTopic, string> = {
  messages: 'Messages',
  video: 'Video',
  channel: 'Channels',
  workspace: 'Workspaces',
  mobile_app: 'Mobile app',
  desktop_app: 'Desktop app',
  division: 'Divisions',
  company: 'Company',
  notification: 'Notifications',
  email: 'Email',
  survey: 'Surveys',
  tips: 'Tips',
  help: 'Help',
};

const backToTopics: Choice[] = [{ label: 'More topics', step: 'topics' }];

/** The line a step says for this user. */
export function line(step: BotStep, c: ScriptContext): Line {
  switch (step) {
    case 'welcome':
      return { text: `Hi ${c.firstName}, welcome to Plaza! I'm Plaza Bot, and I'll help you find your way around.`, choices: [], then: 'welcome2' };
    case 'welcome2':
      return {
        text: `Plaza keeps ${c.companyName}'s conversations, direct messages and news in one place. Shall I show you around? It takes a minute.`,
        choices: [
          { label: 'Show me around', step: 'handbook' },
          { label: 'Skip the tour', step: 'topics' },
        ],
      };
    case 'handbook':
      return {
        text: 'The sidebar lists your conversations: the company channel, announcements, teams, departments and direct messages. A number next to one counts its unread messages.',
        choices: [{ label: 'Next', step: 'tutorial1' }],
      };
    case 'tutorial1':
      return {
        text: 'To write, type in the box at the bottom: Enter sends, Shift+Enter starts a new line, and @name mentions a colleague. What would you like to do next?',
        choices: [
          { label: 'Invite people', step: 'invite_people' },
          { label: 'Look around', step: 'look_around' },
        ],
      };
    case 'invite_people':
      return {
        text: 'To bring someone in, open People and create a connect link, then send it to them. A link works 10 times within 7 days; colleagues who use it land in a conversation with you, people from other companies send you a connection request.',
        choices: [],
        then: 'topics',
      };
    case 'look_around':
      return {
        text: 'Go ahead and explore! Search is at the top, People shows who is who, and the status menu next to your name tells others when you are busy.',
        choices: [],
        then: 'topics',
      };
    case 'topics':
      return {
        text: 'Ask me about any of these, or type a word such as "channels":',
        choices: (Object.keys(TOPIC_LABELS) as BotTopic[]).map((t) => ({ label: TOPIC_LABELS[t], step: t })),
      };
    case 'sorry':
      return { text: "Sorry, I didn't get that.", choices: [], then: 'help' };
    case 'help':
      return {
        text: c.isAdmin
          ? 'I explain how Plaza works: pick a topic, or type a word like "tips". Type "tour" to take the tour again. As a company admin you can also post in the company channel and in announcements.'
          : 'I explain how Plaza works: pick a topic, or type a word like "tips". Type "tour" to take the tour again. For anything about your account, ask a company admin.',
        choices: [],
        then: 'topics',
      };
    case 'welcomeBack':
      return c.tutorial === 'first'
        ? {
            text: `Welcome back, ${c.firstName}! Shall we finish the tour, or would you rather pick a topic?`,
            choices: [
              { label: 'Continue the tour', step: 'handbook' },
              { label: 'Topics', step: 'topics' },
            ],
          }
        : { text: `Welcome back, ${c.firstName}! Type "help" whenever you need me.`, choices: [{ label: 'Topics', step: 'topics' }] };
    case 'messages':
      return { text: 'Messages: Enter sends, Shift+Enter adds a line, @name mentions someone. Your unsent text is kept per conversation.', choices: backToTopics };
    case 'video':
      return { text: "Video calls aren't in Plaza yet. Until then, a direct message is the quickest way to reach someone.", choices: backToTopics };
    case 'channel':
      return { text: 'Teams gather people around a subject, departments are parts of the company, and the company channel reaches everyone. Open any of them from the sidebar.', choices: backToTopics };
    case 'workspace':
      return { text: "Workspaces (dashboards of your favourite conversations) aren't in Plaza yet. The sidebar keeps everything one click away.", choices: backToTopics };
    case 'mobile_app':
      return { text: "There's no mobile app yet: Plaza works in your phone's browser.", choices: backToTopics };
    case 'desktop_app':
      return { text: "There's no desktop app yet: keep Plaza open in a browser tab and it stays signed in.", choices: backToTopics };
    case 'division':
      return {
        text: c.isAdmin
          ? 'Divisions are the teams and departments of the company. As an admin you decide who belongs to each.'
          : 'Divisions are the teams and departments of the company. Ask a company admin to add you to one.',
        choices: backToTopics,
      };
    case 'company':
      return { text: `The company channel reaches everyone at ${c.companyName}. Company admins post there; everyone can read it.`, choices: backToTopics };
    case 'notification':
      return { text: 'Each conversation in the sidebar counts its unread messages, so you see at a glance where something new is waiting.', choices: backToTopics };
    case 'email':
      return { text: "Email isn't part of Plaza yet. For a quick question, a direct message is usually faster anyway.", choices: backToTopics };
    case 'survey':
      return { text: "Surveys aren't in Plaza yet.", choices: backToTopics };
    case 'tips':
      return { text: 'Tips: set a status from the menu next to your name; search a conversation from its header; click a name in People to see their details.', choices: backToTopics };
  }
}

/** A line as message parts: the text, then one command part per choice (the UI shows them as buttons). */
export function lineParts(l: Line): MessagePart[] {
  return [{ type: 'text', text: l.text }, ...l.choices.map((ch): MessagePart => ({ type: 'command', code: `${BOT_COMMAND_PREFIX}${ch.step}`, text: ch.label }))];
}

/** What the typing delay counts: the text and the choice labels. */
export function lineLength(l: Line): number {
  return l.text.length + l.choices.reduce((n, ch) => n + ch.label.length, 0);
}
