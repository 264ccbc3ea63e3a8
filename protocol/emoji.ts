/**
 * The emoji Plaza knows by short code: the picker's catalogue, the reactions'
 * vocabulary and the expansion of `:short_code:` in previews and messages
 * (spec 1 §5). A compact hand-kept table (no dependency): common emoji in the
 * picker's categories, GitHub/Slack-style short codes. Emoji marked `tone`
 * take a skin-tone modifier (spec 3 §3 selected_skin_tone).
 */

export const EMOJI_CATEGORIES = ['Smileys', 'People', 'Nature', 'Food', 'Activities', 'Travel', 'Objects', 'Symbols'] as const;
export type EmojiCategory = (typeof EMOJI_CATEGORIES)[number];

export interface EmojiEntry {
  emoji: string;
  /** Short code without colons, e.g. `thumbsup`. */
  code: string;
  /** Spoken name, e.g. "thumbs up". */
  name: string;
  category: EmojiCategory;
  /** Takes a skin-tone modifier. */
  tone: boolean;
  /** Further short codes that expand to this emoji. */
  aliases: readonly string[];
}

/** emoji, code, name, aliases ('|'-separated), tone ('t'). */
type Row = readonly [string, string, string, string?, 't'?];

const ROWS: Record<EmojiCategory, readonly Row[]> = {
  Smileys: [
    ['😀', 'grinning', 'grinning face'],
    ['😃', 'smiley', 'grinning face with big eyes'],
    ['😄', 'smile', 'grinning face with smiling eyes'],
    ['😁', 'grin', 'beaming face'],
    ['😆', 'laughing', 'laughing face', 'satisfied'],
    ['😅', 'sweat_smile', 'grinning face with sweat'],
    ['🤣', 'rofl', 'rolling on the floor laughing'],
    ['😂', 'joy', 'face with tears of joy'],
    ['🙂', 'slightly_smiling_face', 'slightly smiling face'],
    ['🙃', 'upside_down_face', 'upside-down face'],
    ['😉', 'wink', 'winking face'],
    ['😊', 'blush', 'smiling face with smiling eyes'],
    ['😇', 'innocent', 'smiling face with halo'],
    ['🥰', 'smiling_face_with_three_hearts', 'smiling face with hearts'],
    ['😍', 'heart_eyes', 'smiling face with heart-eyes'],
    ['🤩', 'star_struck', 'star-struck'],
    ['😘', 'kissing_heart', 'face blowing a kiss'],
    ['😋', 'yum', 'face savoring food'],
    ['😛', 'stuck_out_tongue', 'face with tongue'],
    ['😜', 'stuck_out_tongue_winking_eye', 'winking face with tongue'],
    ['🤪', 'zany_face', 'zany face'],
    ['🤔', 'thinking', 'thinking face', 'thinking_face'],
    ['🤐', 'zipper_mouth_face', 'zipper-mouth face'],
    ['🤨', 'raised_eyebrow', 'face with raised eyebrow'],
    ['😐', 'neutral_face', 'neutral face'],
    ['😑', 'expressionless', 'expressionless face'],
    ['😶', 'no_mouth', 'face without mouth'],
    ['😏', 'smirk', 'smirking face'],
    ['😒', 'unamused', 'unamused face'],
    ['🙄', 'roll_eyes', 'face with rolling eyes'],
    ['😬', 'grimacing', 'grimacing face'],
    ['😌', 'relieved', 'relieved face'],
    ['😔', 'pensive', 'pensive face'],
    ['😪', 'sleepy', 'sleepy face'],
    ['😴', 'sleeping', 'sleeping face'],
    ['😷', 'mask', 'face with medical mask'],
    ['🤒', 'face_with_thermometer', 'face with thermometer'],
    ['🤯', 'exploding_head', 'exploding head'],
    ['🥳', 'partying_face', 'partying face'],
    ['😎', 'sunglasses', 'smiling face with sunglasses'],
    ['🤓', 'nerd_face', 'nerd face'],
    ['😕', 'confused', 'confused face'],
    ['😟', 'worried', 'worried face'],
    ['😮', 'open_mouth', 'face with open mouth'],
    ['😲', 'astonished', 'astonished face'],
    ['😳', 'flushed', 'flushed face'],
    ['🥺', 'pleading_face', 'pleading face'],
    ['😢', 'cry', 'crying face'],
    ['😭', 'sob', 'loudly crying face'],
    ['😱', 'scream', 'face screaming in fear'],
    ['😤', 'triumph', 'face with steam from nose'],
    ['😡', 'rage', 'pouting face'],
    ['😠', 'angry', 'angry face'],
    ['😈', 'smiling_imp', 'smiling face with horns'],
    ['💀', 'skull', 'skull'],
    ['💩', 'poop', 'pile of poo', 'hankey'],
    ['🤖', 'robot', 'robot'],
    ['😺', 'smiley_cat', 'grinning cat'],
  ],
  People: [
    ['👍', 'thumbsup', 'thumbs up', '+1', 't'],
    ['👎', 'thumbsdown', 'thumbs down', '-1', 't'],
    ['👌', 'ok_hand', 'OK hand', '', 't'],
    ['✌️', 'v', 'victory hand', '', 't'],
    ['🤞', 'crossed_fingers', 'crossed fingers', '', 't'],
    ['🤘', 'metal', 'sign of the horns', '', 't'],
    ['🤙', 'call_me_hand', 'call me hand', '', 't'],
    ['👋', 'wave', 'waving hand', '', 't'],
    ['👏', 'clap', 'clapping hands', '', 't'],
    ['🙌', 'raised_hands', 'raising hands', '', 't'],
    ['👐', 'open_hands', 'open hands', '', 't'],
    ['🤝', 'handshake', 'handshake'],
    ['🙏', 'pray', 'folded hands', '', 't'],
    ['💪', 'muscle', 'flexed biceps', '', 't'],
    ['👉', 'point_right', 'backhand index pointing right', '', 't'],
    ['👈', 'point_left', 'backhand index pointing left', '', 't'],
    ['👆', 'point_up_2', 'backhand index pointing up', '', 't'],
    ['👇', 'point_down', 'backhand index pointing down', '', 't'],
    ['☝️', 'point_up', 'index pointing up', '', 't'],
    ['✋', 'raised_hand', 'raised hand', 'hand', 't'],
    ['🤚', 'raised_back_of_hand', 'raised back of hand', '', 't'],
    ['🖐️', 'raised_hand_with_fingers_splayed', 'hand with fingers splayed', '', 't'],
    ['🖖', 'vulcan_salute', 'vulcan salute', '', 't'],
    ['✍️', 'writing_hand', 'writing hand', '', 't'],
    ['🤳', 'selfie', 'selfie', '', 't'],
    ['👀', 'eyes', 'eyes'],
    ['🧠', 'brain', 'brain'],
    ['👶', 'baby', 'baby', '', 't'],
    ['🧑', 'adult', 'person', '', 't'],
    ['👩', 'woman', 'woman', '', 't'],
    ['👨', 'man', 'man', '', 't'],
    ['🙋', 'raising_hand', 'person raising hand', '', 't'],
    ['🤷', 'shrug', 'person shrugging', '', 't'],
    ['🤦', 'facepalm', 'person facepalming', '', 't'],
    ['🙇', 'bow', 'person bowing', '', 't'],
    ['🏃', 'runner', 'person running', 'running', 't'],
    ['💃', 'dancer', 'woman dancing', '', 't'],
    ['👯', 'dancers', 'people with bunny ears'],
    ['🧘', 'lotus_position', 'person in lotus position', '', 't'],
  ],
  Nature: [
    ['🐶', 'dog', 'dog face'],
    ['🐱', 'cat', 'cat face'],
    ['🦊', 'fox_face', 'fox'],
    ['🐻', 'bear', 'bear'],
    ['🐼', 'panda_face', 'panda'],
    ['🐨', 'koala', 'koala'],
    ['🦁', 'lion', 'lion'],
    ['🐸', 'frog', 'frog'],
    ['🐵', 'monkey_face', 'monkey face'],
    ['🙈', 'see_no_evil', 'see-no-evil monkey'],
    ['🐔', 'chicken', 'chicken'],
    ['🐧', 'penguin', 'penguin'],
    ['🦄', 'unicorn', 'unicorn'],
    ['🐝', 'bee', 'honeybee', 'honeybee'],
    ['🐛', 'bug', 'bug'],
    ['🦋', 'butterfly', 'butterfly'],
    ['🐢', 'turtle', 'turtle'],
    ['🐙', 'octopus', 'octopus'],
    ['🐳', 'whale', 'spouting whale'],
    ['🌵', 'cactus', 'cactus'],
    ['🌲', 'evergreen_tree', 'evergreen tree'],
    ['🌱', 'seedling', 'seedling'],
    ['🍀', 'four_leaf_clover', 'four leaf clover'],
    ['🍁', 'maple_leaf', 'maple leaf'],
    ['🌸', 'cherry_blossom', 'cherry blossom'],
    ['🌹', 'rose', 'rose'],
    ['🌻', 'sunflower', 'sunflower'],
    ['🌞', 'sun_with_face', 'sun with face'],
    ['☀️', 'sunny', 'sun'],
    ['🌙', 'crescent_moon', 'crescent moon'],
    ['⭐', 'star', 'star'],
    ['🌈', 'rainbow', 'rainbow'],
    ['☁️', 'cloud', 'cloud'],
    ['⚡', 'zap', 'high voltage'],
    ['❄️', 'snowflake', 'snowflake'],
    ['🔥', 'fire', 'fire'],
    ['💧', 'droplet', 'droplet'],
    ['🌊', 'ocean', 'water wave'],
  ],
  Food: [
    ['🍏', 'green_apple', 'green apple'],
    ['🍎', 'apple', 'red apple'],
    ['🍌', 'banana', 'banana'],
    ['🍉', 'watermelon', 'watermelon'],
    ['🍓', 'strawberry', 'strawberry'],
    ['🍒', 'cherries', 'cherries'],
    ['🍑', 'peach', 'peach'],
    ['🥑', 'avocado', 'avocado'],
    ['🌶️', 'hot_pepper', 'hot pepper'],
    ['🥕', 'carrot', 'carrot'],
    ['🍞', 'bread', 'bread'],
    ['🧀', 'cheese', 'cheese wedge'],
    ['🍔', 'hamburger', 'hamburger'],
    ['🍟', 'fries', 'french fries'],
    ['🍕', 'pizza', 'pizza'],
    ['🌮', 'taco', 'taco'],
    ['🍣', 'sushi', 'sushi'],
    ['🍜', 'ramen', 'steaming bowl'],
    ['🍩', 'doughnut', 'doughnut'],
    ['🍪', 'cookie', 'cookie'],
    ['🎂', 'birthday', 'birthday cake'],
    ['🍰', 'cake', 'shortcake'],
    ['🍫', 'chocolate_bar', 'chocolate bar'],
    ['🍿', 'popcorn', 'popcorn'],
    ['☕', 'coffee', 'hot beverage'],
    ['🍵', 'tea', 'teacup without handle'],
    ['🍺', 'beer', 'beer mug'],
    ['🍻', 'beers', 'clinking beer mugs'],
    ['🥂', 'clinking_glasses', 'clinking glasses'],
    ['🍷', 'wine_glass', 'wine glass'],
  ],
  Activities: [
    ['⚽', 'soccer', 'soccer ball'],
    ['🏀', 'basketball', 'basketball'],
    ['🏈', 'football', 'american football'],
    ['⚾', 'baseball', 'baseball'],
    ['🎾', 'tennis', 'tennis'],
    ['🏐', 'volleyball', 'volleyball'],
    ['🏓', 'ping_pong', 'ping pong'],
    ['⛳', 'golf', 'flag in hole'],
    ['🚴', 'bike_rider', 'person biking', 'bicyclist', 't'],
    ['🏆', 'trophy', 'trophy'],
    ['🥇', 'first_place_medal', '1st place medal'],
    ['🎯', 'dart', 'bullseye'],
    ['🎮', 'video_game', 'video game'],
    ['🎲', 'game_die', 'game die'],
    ['🧩', 'jigsaw', 'puzzle piece'],
    ['🎨', 'art', 'artist palette'],
    ['🎵', 'musical_note', 'musical note'],
    ['🎸', 'guitar', 'guitar'],
    ['🎤', 'microphone', 'microphone'],
    ['🎬', 'clapper', 'clapper board'],
    ['🎉', 'tada', 'party popper'],
    ['🎊', 'confetti_ball', 'confetti ball'],
    ['🎈', 'balloon', 'balloon'],
    ['🎁', 'gift', 'wrapped gift'],
  ],
  Travel: [
    ['🚗', 'car', 'automobile', 'red_car'],
    ['🚕', 'taxi', 'taxi'],
    ['🚌', 'bus', 'bus'],
    ['🚲', 'bike', 'bicycle'],
    ['🚆', 'train2', 'train'],
    ['✈️', 'airplane', 'airplane'],
    ['🚀', 'rocket', 'rocket'],
    ['🛸', 'flying_saucer', 'flying saucer'],
    ['⛵', 'boat', 'sailboat', 'sailboat'],
    ['🚢', 'ship', 'ship'],
    ['🏠', 'house', 'house'],
    ['🏢', 'office', 'office building'],
    ['🏖️', 'beach_umbrella', 'beach with umbrella'],
    ['🏔️', 'mountain_snow', 'snow-capped mountain'],
    ['🗺️', 'world_map', 'world map'],
    ['🌍', 'earth_africa', 'globe showing Europe-Africa'],
    ['🗽', 'statue_of_liberty', 'Statue of Liberty'],
    ['🚧', 'construction', 'construction'],
  ],
  Objects: [
    ['💡', 'bulb', 'light bulb'],
    ['💻', 'computer', 'laptop'],
    ['🖥️', 'desktop_computer', 'desktop computer'],
    ['⌨️', 'keyboard', 'keyboard'],
    ['📱', 'iphone', 'mobile phone'],
    ['☎️', 'phone', 'telephone', 'telephone'],
    ['📷', 'camera', 'camera'],
    ['🎥', 'movie_camera', 'movie camera'],
    ['📚', 'books', 'books'],
    ['📖', 'book', 'open book'],
    ['📝', 'memo', 'memo', 'pencil'],
    ['✏️', 'pencil2', 'pencil'],
    ['📌', 'pushpin', 'pushpin'],
    ['📎', 'paperclip', 'paperclip'],
    ['📅', 'calendar', 'calendar', 'date'],
    ['📈', 'chart_with_upwards_trend', 'chart increasing'],
    ['📉', 'chart_with_downwards_trend', 'chart decreasing'],
    ['📊', 'bar_chart', 'bar chart'],
    ['📁', 'file_folder', 'file folder'],
    ['📦', 'package', 'package'],
    ['✉️', 'email', 'envelope', 'envelope'],
    ['📣', 'mega', 'megaphone'],
    ['🔔', 'bell', 'bell'],
    ['🔒', 'lock', 'locked'],
    ['🔑', 'key', 'key'],
    ['🔧', 'wrench', 'wrench'],
    ['🔨', 'hammer', 'hammer'],
    ['⚙️', 'gear', 'gear'],
    ['🧪', 'test_tube', 'test tube'],
    ['🔍', 'mag', 'magnifying glass tilted left'],
    ['⏰', 'alarm_clock', 'alarm clock'],
    ['⌛', 'hourglass', 'hourglass done'],
    ['💰', 'moneybag', 'money bag'],
    ['💼', 'briefcase', 'briefcase'],
    ['🗑️', 'wastebasket', 'wastebasket'],
    ['☂️', 'umbrella', 'umbrella'],
  ],
  Symbols: [
    ['❤️', 'heart', 'red heart'],
    ['🧡', 'orange_heart', 'orange heart'],
    ['💛', 'yellow_heart', 'yellow heart'],
    ['💚', 'green_heart', 'green heart'],
    ['💙', 'blue_heart', 'blue heart'],
    ['💜', 'purple_heart', 'purple heart'],
    ['🖤', 'black_heart', 'black heart'],
    ['💔', 'broken_heart', 'broken heart'],
    ['💯', '100', 'hundred points'],
    ['✅', 'white_check_mark', 'check mark button', 'check'],
    ['✔️', 'heavy_check_mark', 'check mark'],
    ['❌', 'x', 'cross mark'],
    ['❗', 'exclamation', 'exclamation mark', 'heavy_exclamation_mark'],
    ['❓', 'question', 'question mark'],
    ['⚠️', 'warning', 'warning'],
    ['🚫', 'no_entry_sign', 'prohibited'],
    ['⛔', 'no_entry', 'no entry'],
    ['♻️', 'recycle', 'recycling symbol'],
    ['✨', 'sparkles', 'sparkles'],
    ['💥', 'boom', 'collision', 'collision'],
    ['💤', 'zzz', 'zzz'],
    ['💬', 'speech_balloon', 'speech balloon'],
    ['💭', 'thought_balloon', 'thought balloon'],
    ['🆗', 'ok', 'OK button'],
    ['🆕', 'new', 'NEW button'],
    ['🆒', 'cool', 'COOL button'],
    ['🔴', 'red_circle', 'red circle'],
    ['🟢', 'green_circle', 'green circle'],
    ['🔵', 'large_blue_circle', 'blue circle'],
    ['➕', 'heavy_plus_sign', 'plus'],
    ['➖', 'heavy_minus_sign', 'minus'],
    ['➡️', 'arrow_right', 'right arrow'],
    ['⬅️', 'arrow_left', 'left arrow'],
    ['⬆️', 'arrow_up', 'up arrow'],
    ['⬇️', 'arrow_down', 'down arrow'],
    ['🔁', 'repeat', 'repeat button'],
  ],
};

/** Every emoji in picker order: by category, then as listed. */
export const EMOJI: readonly EmojiEntry[] = EMOJI_CATEGORIES.flatMap((category) =>
  ROWS[category].map(([emoji, code, name, aliases, tone]) => ({
    emoji,
    code,
    name,
    category,
    tone: tone === 't',
    aliases: aliases ? aliases.split('|').filter(Boolean) : [],
  })),
);

/** Short code (and alias) → emoji. */
export const EMOJI_BY_CODE: ReadonlyMap<string, string> = new Map(EMOJI.flatMap((e) => [[e.code, e.emoji] as const, ...e.aliases.map((a) => [a, e.emoji] as const)]));

const BY_EMOJI: ReadonlyMap<string, EmojiEntry> = new Map(EMOJI.map((e) => [e.emoji, e]));

/** Skin tones: 0 is the default (yellow); 1–5 are the Fitzpatrick modifiers U+1F3FB–U+1F3FF. */
export const SKIN_TONES = [
  { tone: 0, label: 'Default', swatch: '✋' },
  { tone: 1, label: 'Light', swatch: '✋🏻' },
  { tone: 2, label: 'Medium-light', swatch: '✋🏼' },
  { tone: 3, label: 'Medium', swatch: '✋🏽' },
  { tone: 4, label: 'Medium-dark', swatch: '✋🏾' },
  { tone: 5, label: 'Dark', swatch: '✋🏿' },
] as const;
export type SkinTone = 0 | 1 | 2 | 3 | 4 | 5;

const TONE_MODIFIER = /[\u{1F3FB}-\u{1F3FF}]/gu;

/** The emoji without a skin-tone modifier (the key emoji statistics count by). */
export function baseEmoji(emoji: string): string {
  const stripped = emoji.replace(TONE_MODIFIER, '');
  // A toned emoji drops its variation selector (✌🏽); the catalogue spells the base with one (✌️).
  return BY_EMOJI.has(stripped) ? stripped : BY_EMOJI.has(`${stripped}\uFE0F`) ? `${stripped}\uFE0F` : stripped;
}

/** The emoji in a skin tone, when it takes one; otherwise unchanged. */
export function withSkinTone(emoji: string, tone: number): string {
  const entry = BY_EMOJI.get(baseEmoji(emoji));
  if (!entry?.tone || tone < 1 || tone > 5) return entry ? entry.emoji : emoji;
  return entry.emoji.replace(/\uFE0F$/, '') + String.fromCodePoint(0x1f3fa + tone);
}

/** The catalogue entry of an emoji (in any skin tone), if known. */
export function emojiEntry(emoji: string): EmojiEntry | undefined {
  return BY_EMOJI.get(baseEmoji(emoji));
}

/** How many emoji the picker's Recent list shows (spec 3 §9: top 36 by count). */
export const RECENT_EMOJI_LIMIT = 36;
