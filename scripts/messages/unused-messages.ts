import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The messages the console defines but never shows: a property of a `defineMessages` object that
 * no code reads, or a `defineMessage` constant no code names. Read through the TypeScript checker,
 * so an import alias (`backupMessages as messages`) or a renamed key is followed. An object read
 * with a computed key (`colourMessages[name]`), passed on or spread counts as wholly used, because
 * which of its messages are shown is decided at run time.
 */
export function unusedMessages(tsconfig: string): { id: string; file: string }[] {
  const program = programOf(tsconfig);
  const checker = program.getTypeChecker();
  const files = program.getSourceFiles().filter((file) => !file.isDeclarationFile && !file.fileName.includes('/node_modules/'));
  const definitions = files.flatMap((file) => definitionsIn(file));
  const containers = new Set(definitions.map((definition) => definition.container));
  const used = new Set<ts.Node>();
  // A container is named by its own name or by an alias of it (import or re-export, followed to the end).
  const candidateNames = new Set(definitions.map((definition) => definition.name));
  const renames = files.flatMap((file) => renamesIn(file));
  for (let grown = true; grown;) {
    grown = false;
    for (const { from, to } of renames) {
      if (candidateNames.has(from) && !candidateNames.has(to)) {
        candidateNames.add(to);
        grown = true;
      }
    }
  }
  const containerOf = (node: ts.Identifier): ts.Node | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return declaration && containers.has(declaration) ? declaration : undefined;
  };
  // Only names are resolved (no types are computed): a read is `container.key` or `container['key']`.
  const keyRead = (node: ts.Identifier): string | undefined => {
    const parent = node.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node) return parent.name.text;
    if (ts.isElementAccessExpression(parent) && parent.expression === node && ts.isStringLiteralLike(parent.argumentExpression)) {
      return parent.argumentExpression.text;
    }
    return undefined;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && candidateNames.has(node.text) && !isDeclarationName(node) && !ts.isTypeQueryNode(node.parent)
      && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
      const container = containerOf(node);
      const key = container && keyRead(node);
      if (container && key === undefined) used.add(container);
      if (container && key !== undefined) {
        for (const definition of definitions) if (definition.container === container && definition.key === key) used.add(definition.property!);
      }
    }
    ts.forEachChild(node, visit);
  };
  files.forEach(visit);

  const root = join(tsconfig, '..');
  return definitions
    .filter(({ container, property }) => !used.has(container) && !(property && used.has(property)))
    .map(({ id, file }) => ({ id, file: relative(root, file) }));
}

interface Definition {
  id: string;
  file: string;
  /** the variable the messages are stored in */
  container: ts.Node;
  name: string;
  /** the key inside a `defineMessages` object; none for a `defineMessage` constant */
  property?: ts.Node;
  key?: string;
}

// Only names are resolved, between the console's own files: no lib, no types, no node_modules.
function programOf(tsconfig: string): ts.Program {
  const config = ts.readConfigFile(tsconfig, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, join(tsconfig, '..'));
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true, noLib: true, types: [], noResolve: true } });
}

const calleeName = (call: ts.CallExpression) => (ts.isIdentifier(call.expression) ? call.expression.text : undefined);

function idOf(descriptor: ts.Expression): string | undefined {
  if (!ts.isObjectLiteralExpression(descriptor)) return undefined;
  const id = descriptor.properties.find((property): property is ts.PropertyAssignment =>
    ts.isPropertyAssignment(property) && property.name.getText() === 'id');
  return id && ts.isStringLiteralLike(id.initializer) ? id.initializer.text : undefined;
}

/** The variable a call is stored in, through wrappers such as `untyped(defineMessages(…))`. */
function variableOf(call: ts.CallExpression): ts.VariableDeclaration | undefined {
  let node: ts.Node = call;
  while (ts.isCallExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isParenthesizedExpression(node.parent)) node = node.parent;
  return ts.isVariableDeclaration(node.parent) && node.parent.initializer === node ? node.parent : undefined;
}

function definitionsIn(file: ts.SourceFile): Definition[] {
  const found: Definition[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const name = calleeName(node);
      const container = name === 'defineMessages' || name === 'defineMessage' ? variableOf(node) : undefined;
      const [argument] = node.arguments;
      if (container && name === 'defineMessage') {
        const id = idOf(argument);
        if (id) found.push({ id, file: file.fileName, container, name: container.name.getText() });
      }
      if (container && name === 'defineMessages' && ts.isObjectLiteralExpression(argument)) {
        for (const property of argument.properties) {
          const id = ts.isPropertyAssignment(property) ? idOf(property.initializer) : undefined;
          if (id && ts.isPropertyAssignment(property)) {
            found.push({ id, file: file.fileName, container, name: container.name.getText(), property, key: propertyKey(property.name) });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `import { a as b }` and `export { a as b }`: the name a container may go by further on. */
function renamesIn(file: ts.SourceFile): { from: string; to: string }[] {
  const renames: { from: string; to: string }[] = [];
  file.forEachChild((statement) => {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings
      : ts.isExportDeclaration(statement) ? statement.exportClause : undefined;
    if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) return;
    for (const element of bindings.elements) {
      if (element.propertyName) renames.push({ from: element.propertyName.text, to: element.name.text });
    }
  });
  return renames;
}

function propertyKey(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name) ? name.text : name.getText();
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (ts.isVariableDeclaration(parent) && parent.name === node)
    || ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent) || ts.isImportClause(parent)
    || ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node);
}
