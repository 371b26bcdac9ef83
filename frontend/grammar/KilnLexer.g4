// Tokens of kiln's Python subset. INDENT, DEDENT and the NEWLINEs that end
// logical lines are decided by IndentingLexer (frontend/IndentingLexer.cpp),
// which post-processes this lexer's raw token stream: it drops newlines inside
// brackets and blank lines, and turns leading whitespace into INDENT/DEDENT.
lexer grammar KilnLexer;

tokens { INDENT, DEDENT }

// Keywords. `match` and `case` are soft keywords and stay NAMEs.
FALSE: 'False';
NONE: 'None';
TRUE: 'True';
AND: 'and';
AS: 'as';
ASSERT: 'assert';
ASYNC: 'async';
AWAIT: 'await';
BREAK: 'break';
CLASS: 'class';
CONTINUE: 'continue';
DEF: 'def';
DEL: 'del';
ELIF: 'elif';
ELSE: 'else';
EXCEPT: 'except';
FINALLY: 'finally';
FOR: 'for';
FROM: 'from';
GLOBAL: 'global';
IF: 'if';
IMPORT: 'import';
IN: 'in';
IS: 'is';
LAMBDA: 'lambda';
NONLOCAL: 'nonlocal';
NOT: 'not';
OR: 'or';
PASS: 'pass';
RAISE: 'raise';
RETURN: 'return';
TRY: 'try';
WHILE: 'while';
WITH: 'with';
YIELD: 'yield';

// A physical line end with the indentation of the next line.
NEWLINE: ('\r'? '\n' | '\r') [ \t\f]*;

// String literals keep their prefix and quotes; the AST builder decodes them.
STRING: STRING_PREFIX? (LONG_STRING | SHORT_STRING);

// The same forms without their closing quote. A terminated string is always
// the longer match, so these only win when the quote really is unclosed.
UNTERMINATED_STRING
  : STRING_PREFIX? ('\'' (ESCAPE | ~[\\\r\n'])* | '"' (ESCAPE | ~[\\\r\n"])*)
  ;
UNTERMINATED_LONG_STRING
  : STRING_PREFIX? ('\'\'\'' SQ3_ITEM* ('\'' | '\'\'')? | '"""' DQ3_ITEM* ('"' | '""')?) EOF
  ;

// Numbers. Leading zeros in a decimal integer are a Python syntax error.
IMAG_NUMBER: (FLOAT_NUMBER | DIGIT_PART) [jJ];
FLOAT_NUMBER: POINT_FLOAT | EXPONENT_FLOAT;
INTEGER
  : [1-9] ('_'? [0-9])*
  | '0'+ ('_'? '0')*
  | '0' [xX] ('_'? [0-9a-fA-F])+
  | '0' [oO] ('_'? [0-7])+
  | '0' [bB] ('_'? [01])+
  ;
LEADING_ZERO_INTEGER: '0'+ [0-9] ('_'? [0-9])*;

// Operators and punctuation.
OPEN_PAREN: '(';
CLOSE_PAREN: ')';
OPEN_BRACK: '[';
CLOSE_BRACK: ']';
OPEN_BRACE: '{';
CLOSE_BRACE: '}';
ELLIPSIS: '...';
DOT: '.';
COMMA: ',';
COLON: ':';
SEMI: ';';
ARROW: '->';
WALRUS: ':=';
POWER: '**';
STAR: '*';
IDIV: '//';
DIV: '/';
MOD: '%';
AT: '@';
PLUS: '+';
MINUS: '-';
TILDE: '~';
LSHIFT: '<<';
RSHIFT: '>>';
AMP: '&';
PIPE: '|';
CARET: '^';
LT: '<';
GT: '>';
EQ: '==';
NE: '!=';
LE: '<=';
GE: '>=';
ASSIGN: '=';
ADD_ASSIGN: '+=';
SUB_ASSIGN: '-=';
MUL_ASSIGN: '*=';
AT_ASSIGN: '@=';
DIV_ASSIGN: '/=';
MOD_ASSIGN: '%=';
AND_ASSIGN: '&=';
OR_ASSIGN: '|=';
XOR_ASSIGN: '^=';
LSHIFT_ASSIGN: '<<=';
RSHIFT_ASSIGN: '>>=';
POWER_ASSIGN: '**=';
IDIV_ASSIGN: '//=';

NAME: ID_START ID_CONTINUE*;

SKIP_WS: [ \t\f]+ -> skip;
COMMENT: '#' ~[\r\n]* -> skip;
LINE_CONTINUATION: '\\' [ \t\f]* ('\r'? '\n' | '\r') -> skip;

// Anything else is one bad character; the parser reports it where it stands.
BAD_CHARACTER: .;

fragment STRING_PREFIX
  : [rRuUbBfF]
  | [rR] [bBfF]
  | [bBfF] [rR]
  ;
fragment SHORT_STRING
  : '\'' (ESCAPE | ~[\\\r\n'])* '\''
  | '"' (ESCAPE | ~[\\\r\n"])* '"'
  ;
fragment LONG_STRING
  : '\'\'\'' (ESCAPE | ~'\\')*? '\'\'\''
  | '"""' (ESCAPE | ~'\\')*? '"""'
  ;
// Items of a triple-quoted body that can never complete its closing quotes.
fragment SQ3_ITEM: ESCAPE | ~['\\] | '\'' (ESCAPE | ~['\\]) | '\'\'' (ESCAPE | ~['\\]);
fragment DQ3_ITEM: ESCAPE | ~["\\] | '"' (ESCAPE | ~["\\]) | '""' (ESCAPE | ~["\\]);
fragment ESCAPE: '\\' .;

fragment DIGIT_PART: [0-9] ('_'? [0-9])*;
fragment POINT_FLOAT: DIGIT_PART? '.' DIGIT_PART | DIGIT_PART '.';
fragment EXPONENT_FLOAT: (DIGIT_PART | POINT_FLOAT) [eE] [+-]? DIGIT_PART;

fragment ID_START: [_\p{L}\p{Nl}];
fragment ID_CONTINUE: [_\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}];
