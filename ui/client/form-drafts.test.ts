import { describe, expect, it } from 'vitest';
import { createFormDrafts } from './form-drafts';
import { createStatusDrafts } from './status-drafts';

describe('form drafts', () => {
  it('keeps each user\'s forms apart, so whoever signs in next on the page never sees another\'s text', () => {
    const forms = createFormDrafts();
    forms.keep('alice', 'create-team', { name: 'Research' });
    expect(forms.get('alice', 'create-team')).toEqual({ name: 'Research' });
    expect(forms.get('bob', 'create-team')).toBeUndefined();
    forms.drop('alice', 'create-team');
    expect(forms.get('alice', 'create-team')).toBeUndefined();
  });

  it('holds the status dialog\'s forms beside the others without mixing them up', () => {
    const forms = createFormDrafts();
    const statuses = createStatusDrafts(forms);
    statuses.keep('alice', { editing: null, icon: 'pizza', text: 'Back at 2', color: 'green' });
    forms.keep('alice', 'new', { name: 'not a status' });
    expect(statuses.get('alice', 'new')).toMatchObject({ text: 'Back at 2' });
    statuses.drop('alice', 'new');
    expect(statuses.get('alice', 'new')).toBeUndefined();
    expect(forms.get('alice', 'new')).toEqual({ name: 'not a status' });
  });
});
