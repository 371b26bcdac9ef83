// kiln's Python subset (DESIGN.md section 3). The grammar accepts a little
// more than kiln supports (async, await, yield, :=, match) so that the AST
// builder can name those constructs in a located "not supported" error
// instead of a bare syntax error. Binary operator chains are loops, not left
// recursion, so long expressions do not nest parse-tree contexts.
parser grammar KilnParser;

options { tokenVocab = KilnLexer; }

// A file is parsed statement by statement (Parser.cpp); this rule documents
// the whole-file shape.
fileInput: (NEWLINE | stmt)* EOF;

// Entry point for the expressions inside f-string replacement fields.
fieldExpr: testListStarExpr NEWLINE? EOF;

stmt: simpleStmts | compoundStmt;

simpleStmts: simpleStmt (SEMI simpleStmt)* SEMI? NEWLINE;

simpleStmt
  : exprStmt
  | delStmt
  | passStmt
  | breakStmt
  | continueStmt
  | returnStmt
  | raiseStmt
  | importStmt
  | globalStmt
  | nonlocalStmt
  | assertStmt
  ;

exprStmt
  : testListStarExpr COLON test (ASSIGN rhs)?        # annAssign
  | testListStarExpr augAssignOp rhs                 # augAssign
  | testListStarExpr (ASSIGN rhs)*                   # assignOrExpr
  | yieldExpr                                        # yieldStatement
  ;

rhs: yieldExpr | testListStarExpr;

augAssignOp
  : ADD_ASSIGN | SUB_ASSIGN | MUL_ASSIGN | AT_ASSIGN | DIV_ASSIGN
  | MOD_ASSIGN | AND_ASSIGN | OR_ASSIGN | XOR_ASSIGN | LSHIFT_ASSIGN
  | RSHIFT_ASSIGN | POWER_ASSIGN | IDIV_ASSIGN
  ;

delStmt: DEL exprList;
passStmt: PASS;
breakStmt: BREAK;
continueStmt: CONTINUE;
returnStmt: RETURN testListStarExpr?;
raiseStmt: RAISE (test (FROM test)?)?;

importStmt
  : IMPORT dottedAsName (COMMA dottedAsName)*                     # importName
  | FROM (DOT | ELLIPSIS)* dottedName? IMPORT
      (STAR | OPEN_PAREN importAsNames COMMA? CLOSE_PAREN | importAsNames) # importFrom
  ;
dottedAsName: dottedName (AS NAME)?;
importAsNames: importAsName (COMMA importAsName)*;
importAsName: NAME (AS NAME)?;
dottedName: NAME (DOT NAME)*;

globalStmt: GLOBAL NAME (COMMA NAME)*;
nonlocalStmt: NONLOCAL NAME (COMMA NAME)*;
assertStmt: ASSERT test (COMMA test)?;

compoundStmt
  : ifStmt
  | whileStmt
  | forStmt
  | tryStmt
  | withStmt
  | funcDef
  | classDef
  | decorated
  | asyncStmt
  | matchStmt
  ;

ifStmt: IF namedTest COLON block elifClause* elseClause?;
elifClause: ELIF namedTest COLON block;
elseClause: ELSE COLON block;

whileStmt: WHILE namedTest COLON block elseClause?;
forStmt: FOR exprList IN testList COLON block elseClause?;

tryStmt
  : TRY COLON block
    ( exceptClause+ elseClause? finallyClause?
    | finallyClause
    )
  ;
exceptClause: EXCEPT STAR? (test (AS NAME)?)? COLON block;
finallyClause: FINALLY COLON block;

withStmt: WITH withItem (COMMA withItem)* COLON block;
withItem: test (AS expr)?;

funcDef: DEF NAME OPEN_PAREN paramList? CLOSE_PAREN (ARROW test)? COLON block;
paramList: param (COMMA param)* COMMA?;
param
  : NAME (COLON test)? (ASSIGN test)?   # plainParam
  | STAR (NAME (COLON test)?)?          # starParam
  | POWER NAME (COLON test)?            # doubleStarParam
  | DIV                                 # slashParam
  ;

classDef: CLASS NAME (OPEN_PAREN argList? CLOSE_PAREN)? COLON block;

decorated: decorator+ (classDef | funcDef | asyncStmt);
decorator: AT namedTest NEWLINE;

asyncStmt: ASYNC (funcDef | withStmt | forStmt);

// `match` is a soft keyword: only a line of the form `match SUBJECT:`
// followed by an indented block is a match statement.
matchStmt
  : {_input->LT(1)->getText() == "match"}? NAME testListStarExpr COLON NEWLINE skippedBlock
  ;
skippedBlock: INDENT (~(INDENT | DEDENT) | skippedBlock)* DEDENT;

block: simpleStmts | NEWLINE INDENT stmt+ DEDENT;

// Expressions, loosest binding first.
namedTest: test (WALRUS test)?;

test
  : orTest (IF orTest ELSE test)?
  | lambdef
  ;
testNoCond: orTest | lambdefNoCond;

lambdef: LAMBDA paramList? COLON test;
lambdefNoCond: LAMBDA paramList? COLON testNoCond;

orTest: andTest (OR andTest)*;
andTest: notTest (AND notTest)*;
notTest: NOT notTest | comparison;
comparison: expr (compOp expr)*;
compOp: LT | GT | EQ | GE | LE | NE | IN | NOT IN | IS | IS NOT;

starExpr: STAR expr;

expr: xorExpr (PIPE xorExpr)*;
xorExpr: andExpr (CARET andExpr)*;
andExpr: shiftExpr (AMP shiftExpr)*;
shiftExpr: arithExpr (shiftOp arithExpr)*;
shiftOp: LSHIFT | RSHIFT;
arithExpr: term (addOp term)*;
addOp: PLUS | MINUS;
term: factor (mulOp factor)*;
mulOp: STAR | AT | DIV | MOD | IDIV;
factor: unaryOp factor | power;
unaryOp: PLUS | MINUS | TILDE;
power: awaitPrimary (POWER factor)?;
awaitPrimary: AWAIT? atom trailer*;

atom
  : OPEN_PAREN (yieldExpr | testListComp)? CLOSE_PAREN   # parenAtom
  | OPEN_BRACK testListComp? CLOSE_BRACK                 # listAtom
  | OPEN_BRACE dictOrSetMaker? CLOSE_BRACE               # braceAtom
  | NAME                                                 # nameAtom
  | (INTEGER | FLOAT_NUMBER | IMAG_NUMBER)               # numberAtom
  | STRING+                                              # stringAtom
  | ELLIPSIS                                             # ellipsisAtom
  | NONE                                                 # noneAtom
  | TRUE                                                 # trueAtom
  | FALSE                                                # falseAtom
  ;

testListComp
  : (namedTest | starExpr) (compFor | (COMMA (namedTest | starExpr))* COMMA?)
  ;

trailer
  : OPEN_PAREN argList? CLOSE_PAREN   # callTrailer
  | OPEN_BRACK subscriptList CLOSE_BRACK # subscriptTrailer
  | DOT NAME                          # attributeTrailer
  ;

subscriptList: subscript (COMMA subscript)* COMMA?;
subscript
  : test? COLON test? (COLON test?)?  # sliceSubscript
  | test                              # indexSubscript
  | starExpr                          # starSubscript
  ;

exprList: (expr | starExpr) (COMMA (expr | starExpr))* COMMA?;
testList: test (COMMA test)* COMMA?;
testListStarExpr: (test | starExpr) (COMMA (test | starExpr))* COMMA?;

dictOrSetMaker
  : dictItem (compFor | (COMMA dictItem)* COMMA?)              # dictMaker
  | (test | starExpr) (compFor | (COMMA (test | starExpr))* COMMA?) # setMaker
  ;
dictItem: test COLON test | POWER expr;

argList: argument (COMMA argument)* COMMA?;
argument
  : test compFor?          # positionalArg
  | NAME ASSIGN test       # keywordArg
  | test ASSIGN test       # badKeywordArg // an error, reported by AstBuilder
  | test WALRUS test       # walrusArg
  | POWER test             # doubleStarArg
  | STAR test              # starArg
  ;

compFor: ASYNC? FOR exprList IN orTest compIter?;
compIf: IF testNoCond compIter?;
compIter: compFor | compIf;

yieldExpr: YIELD (FROM test | testListStarExpr)?;
