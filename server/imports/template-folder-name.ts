/**
 * A template's name is also the name of its SFTP drop folder
 * (<drop folder>/<organisation>/<template name>/), so it must be one folder
 * name that stays inside the organisation's folder: why a name cannot be, or
 * undefined when it can.
 */
export function folderNameProblem(name: string): string | undefined {
  if (/[/\\]/.test(name)) return 'cannot contain / or \\: it names the template’s SFTP folder';
  if (/\p{Cc}/u.test(name)) return 'cannot contain control characters: it names the template’s SFTP folder';
  if (name.trim() !== name) return 'cannot begin or end with a space: it names the template’s SFTP folder';
  if (name.startsWith('.')) return 'cannot begin with a dot: it names the template’s SFTP folder';
  return undefined;
}
