/** Conversation folders over real HTTP: per user, nestable without cycles, channels moved in, unread per folder. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_LIMITS, FoldersListResponse } from '../../protocol/rest/folders';
import { FOLDER_MESSAGES } from '../../server/routes/folders';
import { loginDemo, startHarness, textJson, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, bob: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob } = await loginDemo(h));
});
afterAll(async () => {
  await h?.server.close();
});

const folders = async (s: Session) => FoldersListResponse.parse(await h.ok('foldersList', {}, s)).folders;

describe('folders', () => {
  let work = '';
  let projects = '';

  it('starts empty, creates top-level and nested folders, and validates names', async () => {
    expect(await folders(alice)).toEqual([]);
    work = (await h.ok('folderCreate', { name: '  Work  ', parent_guid: null }, alice)).folder.guid;
    projects = (await h.ok('folderCreate', { name: 'Projects', parent_guid: work }, alice)).folder.guid;
    expect((await folders(alice)).map((f) => [f.name, f.parent_guid])).toEqual([
      ['Work', null],
      ['Projects', work],
    ]);
    const blank = await h.call('folderCreate', { name: '   ', parent_guid: null }, alice);
    expect(blank).toMatchObject({ status: 400, body: { isOk: false, results: { name: { isOk: false, message: 'A folder needs a name.' } } } });
    const long = await h.call('folderCreate', { name: 'x'.repeat(101), parent_guid: null }, alice);
    expect(long.status).toBe(400);
    expect(long.body.results).toHaveProperty('name');
    const orphan = await h.call('folderCreate', { name: 'Lost', parent_guid: 'nope' }, alice);
    expect(orphan).toMatchObject({ status: 404, body: { results: { parent_guid: { message: FOLDER_MESSAGES.noFolder } } } });
  });

  it('keeps folders per user: others cannot see, rename, move into or delete them', async () => {
    expect(await folders(bob)).toEqual([]);
    expect((await h.call('folderRename', { guid: work, name: 'Mine now' }, bob)).status).toBe(404);
    expect((await h.call('folderDelete', { guid: work }, bob)).status).toBe(404);
    expect((await h.call('folderCreate', { name: 'Inside', parent_guid: work }, bob)).status).toBe(404);
    expect((await h.call('foldersList', {})).status).toBe(403);
  });

  it('renames, and refuses a move into the folder itself or one of its subfolders', async () => {
    expect((await h.ok('folderRename', { guid: work, name: 'Work stuff' }, alice)).folder).toMatchObject({ guid: work, name: 'Work stuff' });
    const intoChild = await h.call('folderMove', { guid: work, parent_guid: projects }, alice);
    expect(intoChild).toMatchObject({ status: 400, body: { results: { parent_guid: { message: FOLDER_MESSAGES.cycle } } } });
    expect((await h.call('folderMove', { guid: work, parent_guid: work }, alice)).status).toBe(400);
    expect((await h.ok('folderMove', { guid: projects, parent_guid: null }, alice)).folder.parent_guid).toBeNull();
    await h.ok('folderMove', { guid: projects, parent_guid: work }, alice);
    expect((await folders(alice)).find((f) => f.guid === projects)?.parent_guid).toBe(work);
  });

  it('refuses a second folder of one name in the same place, by creating, renaming or moving', async () => {
    const taken = FOLDER_MESSAGES.nameTaken;
    const top = await h.call('folderCreate', { name: 'work stuff', parent_guid: null }, alice);
    expect(top).toMatchObject({ status: 400, body: { results: { name: { message: taken('work stuff') } } } });
    // The same name elsewhere is fine, and a folder may change its own name's case.
    const inside = (await h.ok('folderCreate', { name: 'Work Stuff', parent_guid: projects }, alice)).folder.guid;
    expect((await h.ok('folderRename', { guid: work, name: 'WORK STUFF' }, alice)).folder.name).toBe('WORK STUFF');
    await h.ok('folderRename', { guid: work, name: 'Work stuff' }, alice);
    const misc = (await h.ok('folderCreate', { name: 'Misc', parent_guid: null }, alice)).folder.guid;
    expect(await h.call('folderRename', { guid: misc, name: ' Work stuff ' }, alice)).toMatchObject({ status: 400, body: { results: { name: { message: taken('Work stuff') } } } });
    expect(await h.call('folderMove', { guid: inside, parent_guid: null }, alice)).toMatchObject({ status: 400, body: { results: { parent_guid: { message: taken('Work Stuff') } } } });
    // Another user's folders do not count.
    await h.ok('folderCreate', { name: 'Work stuff', parent_guid: null }, bob);
    expect((await folders(alice)).map((f) => f.name)).toEqual(['Work stuff', 'Projects', 'Work Stuff', 'Misc']);
    await h.ok('folderDelete', { guid: inside }, alice);
    await h.ok('folderDelete', { guid: misc }, alice);
  });

  it('limits nesting depth', async () => {
    let parent: string | null = null;
    const chain: string[] = [];
    for (let i = 0; i < FOLDER_LIMITS.depth; i++) {
      const f: any = await h.ok('folderCreate', { name: `Level ${i}`, parent_guid: parent }, bob);
      parent = f.folder.guid;
      chain.push(parent!);
    }
    const deeper = await h.call('folderCreate', { name: 'Too deep', parent_guid: parent }, bob);
    expect(deeper).toMatchObject({ status: 400, body: { results: { parent_guid: { message: FOLDER_MESSAGES.tooDeep } } } });
    // Moving a two-level subtree under the deepest allowed parent would exceed the limit too.
    const top = (await h.ok('folderCreate', { name: 'Top', parent_guid: null }, bob)).folder.guid;
    await h.ok('folderCreate', { name: 'Child', parent_guid: top }, bob);
    expect((await h.call('folderMove', { guid: top, parent_guid: chain.at(-2)! }, bob)).status).toBe(400);
  });

  it('moves a channel into a folder (told to the user\'s sockets) and counts its unread messages', async () => {
    const design = await h.channelByName(alice, 'Design');
    const socket = await h.socket(alice);
    expect(await h.ok('folderMoveChannel', { guid: projects, address: design.address }, alice)).toEqual({ isOk: true, address: design.address, folder_guid: projects });
    const cha = await socket.next('CHA', (d) => d.action === 'change' && d.channel?.address === design.address);
    expect(cha.channel?.folder_guid).toBe(projects);
    expect((await h.channelByName(alice, 'Design')).folder_guid).toBe(projects);
    // The folder is Alice's: Bob's Design stays where it was.
    expect((await h.channelByName(bob, 'Design')).folder_guid).toBeNull();

    await h.ok('post', { address: design.address, json: textJson('one'), is_urgent: false }, bob);
    await h.ok('post', { address: design.address, json: textJson('two'), is_urgent: false }, bob);
    expect((await folders(alice)).find((f) => f.guid === projects)?.unread_messages).toBe(2);
    expect((await folders(alice)).find((f) => f.guid === work)?.unread_messages).toBe(0);

    expect((await h.call('folderMoveChannel', { guid: projects, address: 'not-mine' }, alice)).status).toBe(404);
    expect((await h.call('folderMoveChannel', { guid: 'nope', address: design.address }, alice)).status).toBe(404);
    socket.close();
  });

  it('deletes a folder, moving its channels and subfolders up to its parent, and answers with the folders left', async () => {
    const sub = (await h.ok('folderCreate', { name: 'Sub', parent_guid: projects }, alice)).folder.guid;
    const res = await h.ok('folderDelete', { guid: projects }, alice);
    expect(res.folders.map((f: any) => [f.name, f.parent_guid])).toEqual([
      ['Work stuff', null],
      ['Sub', work],
    ]);
    expect(res.folders.find((f: any) => f.guid === work).unread_messages).toBe(2);
    expect((await h.channelByName(alice, 'Design')).folder_guid).toBe(work);
    await h.ok('folderMoveChannel', { guid: null, address: (await h.channelByName(alice, 'Design')).address }, alice);
    expect((await h.channelByName(alice, 'Design')).folder_guid).toBeNull();
    expect(sub).toBeTruthy();
  });
});
