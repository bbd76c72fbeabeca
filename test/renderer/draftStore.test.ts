import { draftStore } from '../../renderer/draftStore';

describe('draftStore', () => {
  afterEach(() => draftStore.flush());

  it('writes a draft saved soon once it is read', () => {
    draftStore.saveSoon('pan', { pancard_number: 'ABCPE' });
    draftStore.saveSoon('pan', { pancard_number: 'ABCPE1' });

    expect(draftStore.read('pan')).toEqual({ pancard_number: 'ABCPE1' });
  });

  it('removes the draft instead when the data is what the form started from', () => {
    draftStore.save('pan', { pancard_number: 'ABCPE' });

    draftStore.saveSoon('pan', { pancard_number: 'ABCPE1234F' }, JSON.stringify({ pancard_number: 'ABCPE1234F' }));

    expect(draftStore.read('pan')).toBeUndefined();
  });

  it('writes the waiting drafts when the page is hidden (a reload)', () => {
    draftStore.saveSoon('bank', { ifsc_code: 'HDFC' });

    window.dispatchEvent(new Event('pagehide'));

    expect(localStorage.getItem('draft:bank')).toBe('{"ifsc_code":"HDFC"}');
  });

  it('forgets a waiting draft that is cleared', () => {
    draftStore.saveSoon('pan', { pancard_number: 'ABCPE' });
    draftStore.clear('pan');

    draftStore.flush();

    expect(localStorage.getItem('draft:pan')).toBeNull();
  });
});
