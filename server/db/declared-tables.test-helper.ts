/**
 * Reads the tables and columns that server/db/tables.ts declares, for
 * tables.test.ts to hold against the migrated database. TypeScript 7 has no
 * compiler API, so this is a small parser of the one dialect tables.ts is
 * written in: imports, type aliases and interfaces whose members are
 * `name: Type;`, with types made of names, string literals, `null`,
 * `A | B`, `A & B`, `T[]`, `T['key']`, `Name<Args>` and `{ ... }`. Anything
 * else stops it with the line it is on, so tables.ts cannot drift into a
 * shape this reads wrongly.
 *
 * What a column's type means here (tables.ts's own vocabulary):
 * - `Generated<T>`: T, with a default in the database (inserts may leave it out);
 * - `ColumnType<S, I, U>`: S, what a select returns;
 * - `Json<T>`: a json or jsonb column, whatever T is;
 * - `string` and string literals: text; `number`: number; `boolean`; `Date`: timestamp;
 *   `Uint8Array`: bytea; `T[]`: an array of T; `| null`: nullable;
 * - a type alias of this file: what it stands for; a type from another file:
 *   what `foreignTypes` says it is.
 */

/** A coarse class of what a column holds, as TypeScript sees it: 'text', 'number', ..., or 'number[]'. */
export type ColumnClass = string;

export interface DeclaredColumn {
  type: ColumnClass;
  nullable: boolean;
  /** Declared Generated<>: the database must give it a value when an insert leaves it out. */
  generated: boolean;
}

export type DeclaredTables = Map<string, Map<string, DeclaredColumn>>;

type TypeNode =
  | { kind: 'literal'; value: string }
  | { kind: 'name'; name: string; args: TypeNode[] }
  | { kind: 'union' | 'intersection'; types: TypeNode[] }
  | { kind: 'array'; element: TypeNode }
  | { kind: 'index'; object: TypeNode; key: string }
  | { kind: 'object'; members: Map<string, TypeNode> };

interface Alias {
  params: string[];
  type: TypeNode;
}

interface Token {
  text: string;
  line: number;
}

const SCALARS: Record<string, ColumnClass> = {
  string: 'text',
  number: 'number',
  boolean: 'boolean',
  Date: 'timestamp',
  Uint8Array: 'bytea',
};

/**
 * The `Tables` interface of tables.ts's source text, column by column.
 * `foreignTypes` classes the types tables.ts takes from other files, by their
 * text as written (e.g. `ExplorerEvent['category']`: 'text').
 */
export function readDeclaredTables(
  source: string,
  foreignTypes: Record<string, ColumnClass> = {},
): DeclaredTables {
  const aliases = parseDeclarations(tokenize(source));
  const tables = aliases.get('Tables');
  if (!tables) throw new Error('tables.ts declares no Tables interface');
  const declared: DeclaredTables = new Map();
  for (const [table, type] of membersOf(tables.type, aliases, 'Tables')) {
    const columns = new Map<string, DeclaredColumn>();
    for (const [column, columnType] of membersOf(type, aliases, table)) {
      columns.set(column, classify(columnType, aliases, foreignTypes, `${table}.${column}`));
    }
    declared.set(table, columns);
  }
  return declared;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /(\s+)|(\/\*[\s\S]*?\*\/)|(\/\/[^\n]*)|('(?:[^'\\\n]|\\.)*')|([A-Za-z_$][\w$]*)|([{}<>()[\]|&;:,=?.*])/y;
  let line = 1;
  while (pattern.lastIndex < source.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(source);
    if (!match) throw new Error(`tables.ts line ${line}: cannot read "${source.slice(at, at + 20)}"`);
    const [text, space, block, comment] = match;
    if (!space && !block && !comment) tokens.push({ text, line });
    line += text.split('\n').length - 1;
  }
  return tokens;
}

function parseDeclarations(tokens: Token[]): Map<string, Alias> {
  let position = 0;
  const peek = () => tokens[position]?.text;
  const fail = (expected: string): never => {
    const token = tokens[position];
    throw new Error(
      token
        ? `tables.ts line ${token.line}: expected ${expected}, found "${token.text}"`
        : `tables.ts: expected ${expected} at the end`,
    );
  };
  const take = (expected?: string): string => {
    const token = tokens[position];
    if (!token || (expected !== undefined && token.text !== expected)) return fail(expected ?? 'more');
    position++;
    return token.text;
  };
  const name = (): string => (/^[A-Za-z_$][\w$]*$/.test(peek() ?? '') ? take() : fail('a name'));

  const members = (): Map<string, TypeNode> => {
    const result = new Map<string, TypeNode>();
    take('{');
    while (peek() !== '}') {
      const member = name();
      if (peek() === '?') fail('":" (optional members are not read)');
      take(':');
      if (result.has(member)) fail(`one "${member}"`);
      result.set(member, type());
      // Biome writes `{ a: T }` on one line without the last semicolon.
      if (peek() !== '}') take(';');
    }
    take('}');
    return result;
  };

  const primary = (): TypeNode => {
    const next = peek();
    if (next === '{') return { kind: 'object', members: members() };
    if (next === '(') {
      take('(');
      const inner = type();
      take(')');
      return inner;
    }
    if (next?.startsWith("'")) return { kind: 'literal', value: take().slice(1, -1) };
    const id = name();
    const args: TypeNode[] = [];
    if (peek() === '<') {
      take('<');
      args.push(type());
      while (peek() === ',') {
        take(',');
        args.push(type());
      }
      take('>');
    }
    return { kind: 'name', name: id, args };
  };

  const postfix = (): TypeNode => {
    let node = primary();
    while (peek() === '[') {
      take('[');
      if (peek() === ']') {
        take(']');
        node = { kind: 'array', element: node };
      } else {
        const key = take();
        if (!key.startsWith("'")) fail('a string key');
        take(']');
        node = { kind: 'index', object: node, key: key.slice(1, -1) };
      }
    }
    return node;
  };

  const joined = (separator: '|' | '&', part: () => TypeNode): TypeNode => {
    if (separator === '|' && peek() === '|') take('|');
    const types = [part()];
    while (peek() === separator) {
      take(separator);
      types.push(part());
    }
    return types.length === 1
      ? (types[0] as TypeNode)
      : { kind: separator === '|' ? 'union' : 'intersection', types };
  };
  const intersection = (): TypeNode => joined('&', postfix);
  const type = (): TypeNode => joined('|', intersection);

  const declarations = new Map<string, Alias>();
  while (position < tokens.length) {
    if (peek() === 'import') {
      while (take() !== ';');
      continue;
    }
    if (peek() === 'export') take('export');
    if (peek() !== 'interface' && peek() !== 'type') fail('"import", "type" or "interface"');
    const keyword = take();
    const declared = name();
    if (declarations.has(declared)) fail(`one declaration of ${declared}`);
    if (keyword === 'interface') {
      declarations.set(declared, { params: [], type: { kind: 'object', members: members() } });
    } else {
      const params: string[] = [];
      if (peek() === '<') {
        take('<');
        params.push(name());
        while (peek() === ',') {
          take(',');
          params.push(name());
        }
        take('>');
      }
      take('=');
      declarations.set(declared, { params, type: type() });
      take(';');
    }
  }
  return declarations;
}

/** The members of an object type: written out, an interface of this file, or an intersection of those. */
function membersOf(type: TypeNode, aliases: Map<string, Alias>, where: string): Map<string, TypeNode> {
  if (type.kind === 'object') return type.members;
  if (type.kind === 'name' && type.args.length === 0) {
    const alias = aliases.get(type.name);
    if (alias && alias.params.length === 0) return membersOf(alias.type, aliases, where);
  }
  if (type.kind === 'intersection') {
    const merged = new Map<string, TypeNode>();
    for (const part of type.types) {
      for (const [member, memberType] of membersOf(part, aliases, where)) {
        if (merged.has(member)) throw new Error(`tables.ts: ${where} declares ${member} twice`);
        merged.set(member, memberType);
      }
    }
    return merged;
  }
  throw new Error(`tables.ts: ${where} is not an object type this reader knows`);
}

function classify(
  type: TypeNode,
  aliases: Map<string, Alias>,
  foreignTypes: Record<string, ColumnClass>,
  where: string,
): DeclaredColumn {
  const fail = (why: string): never => {
    throw new Error(`tables.ts: ${where}: ${why}`);
  };
  const visit = (node: TypeNode, bound: Map<string, TypeNode>): DeclaredColumn => {
    switch (node.kind) {
      case 'literal':
        return { type: 'text', nullable: false, generated: false };
      case 'array': {
        const element = visit(node.element, bound);
        if (element.generated) fail('Generated<> inside an array');
        return { type: `${element.type}[]`, nullable: false, generated: false };
      }
      case 'index': {
        const text = `${typeText(node.object)}['${node.key}']`;
        return {
          type: foreignTypes[text] ?? fail(`${text} comes from another file: say what it is in foreignTypes`),
          nullable: false,
          generated: false,
        };
      }
      case 'object':
      case 'intersection':
        return fail('an object type is not a column type (use Json<...> for a JSON column)');
      case 'union': {
        const parts = node.types.filter((part) => !(part.kind === 'name' && part.name === 'null'));
        const classes = parts.map((part) => visit(part, bound));
        const first = classes[0] ?? fail('null alone is not a column type');
        if (classes.some((other) => other.type !== first.type || other.generated !== first.generated)) {
          fail(`a union of ${classes.map((other) => other.type).join(' and ')}`);
        }
        return { ...first, nullable: first.nullable || parts.length < node.types.length };
      }
      case 'name': {
        const parameter = bound.get(node.name);
        if (parameter) return visit(parameter, new Map());
        if (node.name === 'null') return fail('null alone is not a column type');
        if (node.name === 'Generated') {
          return { ...visit(argument(node, 0, 1), bound), generated: true };
        }
        if (node.name === 'ColumnType') return visit(argument(node, 0, 3), bound);
        if (node.name === 'Json') {
          const shape = argument(node, 0, 1);
          return { type: 'json', nullable: isNullable(shape), generated: false };
        }
        const scalar = SCALARS[node.name];
        if (scalar) return { type: scalar, nullable: false, generated: false };
        const alias = aliases.get(node.name);
        if (alias) {
          if (alias.params.length !== node.args.length)
            fail(`${node.name} takes ${alias.params.length} arguments`);
          const inner = new Map(alias.params.map((param, index) => [param, node.args[index] as TypeNode]));
          return visit(alias.type, inner);
        }
        return {
          type:
            foreignTypes[node.name] ??
            fail(`${node.name} is not a type this reader knows: say what it is in foreignTypes`),
          nullable: false,
          generated: false,
        };
      }
    }
  };
  const argument = (node: { name: string; args: TypeNode[] }, index: number, count: number): TypeNode =>
    node.args.length === count
      ? (node.args[index] as TypeNode)
      : fail(`${node.name} takes ${count} arguments`);
  return visit(type, new Map());
}

function isNullable(type: TypeNode): boolean {
  return type.kind === 'union' && type.types.some((part) => part.kind === 'name' && part.name === 'null');
}

function typeText(type: TypeNode): string {
  return type.kind === 'name' && type.args.length === 0 ? type.name : '(a type)';
}
