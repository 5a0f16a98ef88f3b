/** The story editor (spec 3 §2, §4): writing, previewing and publishing a story with the editor token. */
export { StoryEditor } from './components/story-editor';
