/** The `data-testid` of the editor's wrapper element, shared by the component and browser tests. */
export const EDITOR_TEST_ID = 'editor';
