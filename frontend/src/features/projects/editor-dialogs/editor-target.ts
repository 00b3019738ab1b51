/** The project an editor dialog changes. */
export interface EditorTarget {
  teamId: string;
  projectId: string;
}

/** A comma-separated input (selection options, poll answers) as its trimmed, non-empty parts. */
export const splitList = (text: string) => text.split(',').map((part) => part.trim()).filter((part) => part !== '');
