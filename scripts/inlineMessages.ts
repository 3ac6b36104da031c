/**
 * Vite plugin: the browser build carries each message with the code that shows it,
 * not the whole catalogue on every page. The source stays one catalogue, src/shared/messages.ts;
 * at build time `messages.someKey` in a module that imports { messages } from it is replaced by
 * that key's value (a string, or the small arrow function that formats it), so the console's
 * and the companies' texts travel in their own lazy chunks and a public page carries only its
 * own. A module that uses `messages` any other way (passes it around, indexes it) keeps the
 * import unchanged, so the result is always correct; the build log names such modules.
 * The catalogue's values must stay self-contained (literals and arrow functions using only their
 * parameters), which the plugin checks: a value naming anything else stops the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** key → the value's source text, parenthesised, read from the catalogue's object literal. */
export function readCatalogue(source: string): Map<string, string> {
  const file = ts.createSourceFile('messages.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const values = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.name.getText(file) !== 'messages' || !declaration.initializer) continue;
      let init: ts.Expression = declaration.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (!ts.isObjectLiteralExpression(init)) throw new Error('inlineMessages: messages is not an object literal');
      for (const property of init.properties) {
        if (!ts.isPropertyAssignment(property)) throw new Error(`inlineMessages: unsupported entry ${property.getText(file)}`);
        checkSelfContained(property.initializer, file);
        values.set(property.name.getText(file).replace(/^['"]|['"]$/g, ''), `(${property.initializer.getText(file)})`);
      }
    }
  }
  return values;
}

const GLOBALS = new Set(['String', 'Number', 'Math', 'Intl', 'Date', 'undefined', 'JSON', 'Array']);

/** Every identifier a value reads must be one of its own parameters or a well-known global. */
function checkSelfContained(value: ts.Expression, file: ts.SourceFile): void {
  const params = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isParameter(node) && ts.isIdentifier(node.name)) params.add(node.name.text);
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isParameter(parent) && parent.name === node) ||
        ts.isTypeReferenceNode(parent) ||
        (ts.isPropertyAssignment(parent) && parent.name === node);
      if (!isName && !params.has(node.text) && !GLOBALS.has(node.text)) {
        throw new Error(`inlineMessages: a message value reads "${node.text}": ${value.getText(file).slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  // Parameters first, so a body's reference to one is known.
  const collect = (node: ts.Node): void => {
    if (ts.isParameter(node) && ts.isIdentifier(node.name)) params.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(value);
  visit(value);
}

/**
 * The module with every `messages.key` replaced by its value, or null when the module does not
 * import the catalogue, or uses it other than as `messages.key` (then it is left as it is).
 */
export function inlineMessages(code: string, fileName: string, catalogue: Map<string, string>): { code: string } | { kept: string } | null {
  if (!/(shared\/|\.\/)messages['"]/.test(code)) return null;
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
  let importDecl: ts.ImportDeclaration | undefined;
  let specifier: ts.ImportSpecifier | undefined;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = path.resolve(path.dirname(fileName), statement.moduleSpecifier.text);
    if (!target.endsWith(`${path.sep}shared${path.sep}messages`)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.name) return { kept: 'unusual import' };
    specifier = bindings.elements.find((e) => (e.propertyName ?? e.name).text === 'messages' && !e.isTypeOnly);
    if (specifier) importDecl = statement;
  }
  if (!importDecl || !specifier) return null;
  const local = specifier.name.text;
  const replacements: Array<{ start: number; end: number; text: string }> = [];
  let problem: string | null = null;
  const visit = (node: ts.Node): void => {
    if (problem) return;
    if (ts.isIdentifier(node) && node.text === local && node !== specifier!.name) {
      const parent = node.parent;
      const isOtherName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isJsxAttribute(parent) && parent.name === node) ||
        ts.isQualifiedName(parent) && parent.right === node;
      if (isOtherName) return;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node && ts.isIdentifier(parent.name)) {
        const value = catalogue.get(parent.name.text);
        if (value === undefined) problem = `unknown key ${parent.name.text}`;
        else replacements.push({ start: parent.getStart(file), end: parent.getEnd(), text: value });
        return;
      }
      problem = `uses ${local} at ${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (problem) return { kept: problem };
  // The import loses `messages` (the whole statement when it named nothing else).
  const others = (importDecl.importClause!.namedBindings as ts.NamedImports).elements.filter((e) => e !== specifier);
  const importText = others.length === 0 ? '' : `import { ${others.map((e) => e.getText(file)).join(', ')} } from ${importDecl.moduleSpecifier.getText(file)};`;
  replacements.push({ start: importDecl.getStart(file), end: importDecl.getEnd(), text: importText });
  replacements.sort((a, b) => b.start - a.start);
  let out = code;
  for (const r of replacements) out = out.slice(0, r.start) + r.text + out.slice(r.end);
  return { code: out };
}

/** The plugin, for the browser build only (the server render keeps the import). */
export function inlineMessagesPlugin(): Plugin {
  let catalogue: Map<string, string> | null = null;
  let ssr = false;
  let CATALOGUE = '';
  const kept: string[] = [];
  return {
    name: 'inline-messages',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      // The app's root is src/web; the catalogue is next to it.
      CATALOGUE = path.resolve(config.root, '../shared/messages.ts');
    },
    buildStart() {
      catalogue = readCatalogue(fs.readFileSync(CATALOGUE, 'utf8'));
      this.addWatchFile(CATALOGUE);
    },
    transform(code, id) {
      if (ssr || !catalogue || id.includes('node_modules') || !/\.tsx?$/.test(id) || id === CATALOGUE) return null;
      const result = inlineMessages(code, id, catalogue);
      if (!result) return null;
      if ('kept' in result) {
        kept.push(`${path.relative(process.cwd(), id)} (${result.kept})`);
        return null;
      }
      return { code: result.code, map: null };
    },
    buildEnd() {
      if (ssr) return;
      const importers = this.getModuleInfo(CATALOGUE)?.importers ?? [];
      if (importers.length > 0) this.warn(`the whole catalogue is imported by: ${importers.map((id) => path.relative(process.cwd(), id)).join(', ')}`);
      if (kept.length > 0) this.warn(`messages kept whole in: ${kept.join(', ')}`);
    },
  };
}
