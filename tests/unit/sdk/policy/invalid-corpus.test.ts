// A corpus of invalid policy expressions, each with the exact diagnostics a policy author sees:
// syntax, unknown names and fields, wrong kind, type errors, bad enum literals, bad timestamps,
// cron expressions, durations and time zones. Format of an expected line: `line:column: message`.
import { checkPolicyExpression, type PolicyExpressionKind } from '@walletinfra/sdk/policy';

type Row = [PolicyExpressionKind, string, string];

const CORPUS: Row[] = [
  ['condition', '   ', '1:4: expected an expression, found the end of the input'],
  ['condition', 'activity.resource == "WALLET"', '1:22: strings use single quotes: write \'WALLET\' instead of "WALLET"'],
  ['condition', "activity.resource == 'WALLET", "1:29: expected a closing quote ' for the string starting at 1:22"],
  ['condition', "activity.resource = 'WALLET'", "1:19: '=' is not an operator; use '==' to compare"],
  ['condition', "activity.resource == 'WALLET' & activity.action == 'CREATE'", "1:31: '&' is not an operator; use '&&' for and"],
  ['condition', "activity.resource == 'WALLET' | true", "1:31: '|' is not an operator; use '||' for or"],
  ['condition', 'activity.resource ==', "1:21: expected an expression after '==', found the end of the input"],
  ['condition', "activity.resource == 'WALLET' &&", "1:33: expected an expression after '&&', found the end of the input"],
  ['condition', "(activity.resource == 'WALLET'", "1:31: expected ')' to close the '(' at 1:1, found the end of the input"],
  ['condition', "activity.resource == 'WALLET')", "1:30: expected an operator or the end of the expression, found ')'"],
  ['condition', 'activity.', "1:10: expected a field or method name after '.', found the end of the input"],
  ['condition', 'activity.123 == 1', "1:10: expected a field or method name after '.', found the number 123"],
  [
    'condition',
    "activity.resource in ['AUTH', 'OTP'",
    "1:36: expected ',' or ']' to close the list starting at 1:22, found the end of the input",
  ],
  [
    'condition',
    "activity.resource in ['AUTH' 'OTP']",
    "1:30: expected ',' or ']' to close the list starting at 1:22, found the string 'OTP'",
  ],
  ['condition', "activity.resource in ['AUTH',]", "1:30: expected an expression after ',', found ']'"],
  [
    'consensus',
    "approvers.any(user, user.id == 'a'",
    "1:35: expected ',' or ')' to close the call to 'any' at 1:10, found the end of the input",
  ],
  ['consensus', "approvers.any(user user.id == 'a')", "1:20: expected ',' or ')' to close the call to 'any' at 1:10, found 'user'"],
  ['condition', "eth.tx.data[0..10 == '0xa9059cbb'", "1:34: expected ']' to close the slice at 1:12, found the end of the input"],
  ['condition', "eth.tx.data[0 == '0'", "1:21: expected '..' or ']' to close the index at 1:12, found the end of the input"],
  ['condition', '1 < 2 < 3', '1:7: comparisons cannot be chained; combine them with && or ||, or add parentheses'],
  [
    'condition',
    "activity.action == 'SIGN' and wallet.id == 'w'",
    "1:27: expected an operator or the end of the expression, found 'and'; use && instead of 'and'",
  ],
  ['condition', 'eth.tx.value > 0x10', "1:16: invalid number '0x10'; write hex values as strings, e.g. '0x10'"],
  ['condition', 'eth.tx.value > 1.5', "1:16: invalid number '1.5'; numbers are whole integers"],
  ['condition', 'eth.tx.value > 10wei', "1:16: invalid number '10wei'"],
  [
    'condition',
    'eth.tx.value > 115792089237316195423570985008687907853269984665640564039457584007913129639936',
    '1:16: integer 115792089237316195423570985008687907853269984665640564039457584007913129639936 is too large; the largest integer is 2^256 - 1',
  ],
  [
    'condition',
    'eth.tx.value > -170141183460469231731687303715884105729',
    '1:16: integer -170141183460469231731687303715884105729 is too small; the smallest integer is -2^127',
  ],
  ['condition', 'eth.tx.value > - 5', "1:16: '-' must be directly followed by digits, as in -5; the language has no subtraction"],
  [
    'condition',
    "activity.type == 'A\\qB'",
    "1:20: unknown escape sequence '\\q' in string; the escapes are \\' \\\\ \\n \\r \\t \\0 and \\u{…}",
  ],
  [
    'condition',
    "activity.type == 'bad \\u{110000}'",
    '1:23: invalid unicode escape in string; write it as \\u{1F600} with 1 to 6 hex digits',
  ],
  ['condition', "activity.action == 'SIGN' # no comments", "1:27: unexpected character '#'"],
  ['condition', '{a: 1, a: 2} == {a: 1}', "1:8: duplicate field 'a' in the struct starting at 1:1"],
  ['condition', '{a 1}.a == 1', "1:4: expected ':' after the field name 'a', found the number 1"],
  ['condition', '{1: 2}.a == 1', '1:2: expected a field name in the struct starting at 1:1, found the number 1'],
  ['condition', '!', "1:2: expected an expression after '!', found the end of the input"],
  ['condition', "activity.resource == 'WALLET' true", "1:31: expected an operator or the end of the expression, found 'true'"],
  ['condition', 'in [1]', "1:1: expected an expression, found 'in'"],
  [
    'condition',
    "activity.resource == 'WALLET'\n  && activity.action ==",
    "2:24: expected an expression after '==', found the end of the input",
  ],
  [
    'condition',
    'activity.resource == \'WALLET\'\n&& wallet.id == "abc"',
    '2:17: strings use single quotes: write \'abc\' instead of "abc"',
  ],
  [
    'condition',
    "activity.resource == 'WALLET' || not wallet.exported",
    "1:38: expected an operator or the end of the expression, found 'wallet'; use ! instead of 'not'",
  ],
  ['condition', "activity.resource == 'WALLET'   && wallet.id == 'w' ;", "1:53: unexpected character ';'"],
  ['condition', "activity.resourse == 'WALLET'", "1:10: unknown field 'resourse' of Activity; did you mean 'resource'?"],
  ['condition', "activty.resource == 'WALLET'", "1:1: unknown name 'activty'; did you mean 'activity'?"],
  ['condition', "activity.foo == 'x'", "1:10: unknown field 'foo' of Activity; its fields are type, kind, resource, action, params"],
  ['condition', "wallet.lable == 'x'", "1:8: unknown field 'lable' of Wallet; did you mean 'label'?"],
  ['condition', "eth.txx.to == '0x1'", "1:5: unknown field 'txx' of eth; did you mean 'tx'?"],
  ['condition', "eth.tx.too == '0x1'", "1:8: unknown field 'too' of EthereumTransaction; did you mean 'to'?"],
  ['condition', 'solana.tx.transfer.count() == 1', "1:11: unknown field 'transfer' of SolanaTransaction; did you mean 'transfers'?"],
  ['consensus', "approvers.any(user, user.tag.contains('t'))", "1:26: unknown field 'tag' of User; did you mean 'tags'?"],
  ['consensus', "approvers.any(user, usr.id == 'u')", "1:21: unknown name 'usr'; did you mean 'user'?"],
  ['consensus', "credentials.any(c, c.userid == 'u')", "1:22: unknown field 'userid' of Credential; did you mean 'user_id'?"],
  [
    'condition',
    'foo == 1',
    "1:1: unknown name 'foo'; the names available in a condition are activity, eth, solana, tron, bitcoin, tempo, wallet, wallets, private_key, wallet_account, secret, controls",
  ],
  [
    'condition',
    "bitcoin.tx.outputs.any(o, o.adress == 'bc1q')",
    "1:29: unknown field 'adress' of BitcoinTxOutput; did you mean 'address'?",
  ],
  ['condition', "tron.tx.contract[0].to_adress == 'T'", "1:21: unknown field 'to_adress' of TronContract; did you mean 'to_address'?"],
  [
    'condition',
    "tempo.tx.calls.all(c, c.function_sig == '0xa9059cbb')",
    "1:25: unknown field 'function_sig' of TempoCall; did you mean 'function_signature'?",
  ],
  ['condition', "private_key.tag.contains('t')", "1:13: unknown field 'tag' of PrivateKey; did you mean 'tags'?"],
  ['condition', 'eth.eip_712.domain.chainid == 1', "1:20: unknown field 'chainid' of Eip712Domain; did you mean 'chain_id'?"],
  ['time', "time.nwo > Timestamp('2026-01-01T00:00:00Z')", "1:6: unknown field 'nwo' of time; did you mean 'now'?"],
  ['consensus', 'approvers.size() >= 2', "1:11: unknown method 'size'; did you mean 'count'?"],
  ['consensus', 'approvers.cont() >= 2', "1:11: unknown method 'cont'; did you mean 'count'?"],
  ['time', "Timestmp('2026-01-01T00:00:00Z') < time.now", "1:1: unknown function 'Timestmp'; did you mean 'Timestamp'?"],
  ['time', 'Now() > time.now', "1:1: unknown function 'Now'; the functions are Timestamp and CronSpan"],
  [
    'condition',
    "solana.tx.instructions.any(i, i.parsed_instruction_data.instruction_nam == 'transfer')",
    "1:57: unknown field 'instruction_nam' of SolanaParsedInstructionData; did you mean 'instruction_name'?",
  ],
  ['condition', "wallet_account.adress == '0x1'", "1:16: unknown field 'adress' of WalletAccount; did you mean 'address'?"],
  ['condition', "approvers.any(user, user.id == 'u')", "1:1: 'approvers' is only available in consensus expressions"],
  ['consensus', "activity.resource == 'WALLET'", "1:1: 'activity' is only available in condition expressions"],
  ['condition', 'credentials.count() > 0', "1:1: 'credentials' is only available in consensus expressions"],
  [
    'condition',
    "time.now > Timestamp('2026-01-01T00:00:00Z')",
    "1:1: 'time' is only available in time expressions\n1:12: 'Timestamp' is only available in time expressions",
  ],
  ['condition', "CronSpan('0 9 * * 1-5', '8h', 'UTC')", "1:1: 'CronSpan' is only available in time expressions"],
  ['time', "activity.action != 'EXPORT'", "1:1: 'activity' is only available in condition expressions"],
  ['consensus', "wallet.id == 'w'", "1:1: 'wallet' is only available in condition expressions"],
  ['scope', 'approvers.count() >= 1', "1:1: 'approvers' is only available in consensus expressions"],
  ['consensus', "approvers.count() == 'two'", '1:19: cannot compare int with string'],
  ['condition', 'activity.resource == 1', '1:19: cannot compare string with int'],
  ['condition', "activity.resource < 'WALLET'", "1:19: '<' orders ints and timestamps only, not string; compare strings with == or !="],
  ['condition', "eth.tx.value == '100'", '1:14: cannot compare int with string'],
  ['condition', "wallet.imported == 'true'", '1:17: cannot compare bool with string'],
  ['condition', 'activity.resource', '1:1: a condition must evaluate to a bool (true or false), but this expression is of type string'],
  [
    'consensus',
    'approvers.count()',
    '1:1: a consensus expression must evaluate to a bool (true or false), but this expression is of type int',
  ],
  ['scope', 'eth.tx.to', '1:1: a scope must evaluate to a bool (true or false), but this expression is of type string'],
  ['time', 'time.now', '1:1: a time expression must evaluate to a bool (true or false), but this expression is of type timestamp'],
  ['condition', "activity.action == 'SIGN' && 1", "1:30: '&&' needs bool operands, but the right side is of type int"],
  ['condition', '!activity.resource', "1:2: '!' needs a bool operand, not string"],
  ['condition', "eth.tx.value in ['1', '2']", '1:14: cannot look for int in list<string>'],
  ['condition', "activity.resource in 'WALLET'", "1:22: the right side of 'in' must be a list, not string"],
  ['condition', "[1, 'a'].count() == 2", '1:5: list items must all have the same type: this one is string, the first is int'],
  ['consensus', 'approvers.any(user, user.id)', '1:21: the predicate of any() must be a bool, not string'],
  [
    'consensus',
    "approvers.any('user', true)",
    "1:15: the first argument of any() must be a name for each item, like 'user' in approvers.any(user, user.id == '…')",
  ],
  ['consensus', 'approvers.any(user)', '1:11: any() takes two arguments, a name for each item and a predicate: .any(item, predicate)'],
  ['consensus', 'approvers.count(1) == 1', '1:11: count() takes no arguments'],
  ['consensus', 'approvers.any(u, u.tags.contains(1))', '1:34: cannot look for int in list<string>'],
  [
    'consensus',
    'approvers.any(u, u.tags.contains())',
    '1:25: contains() takes exactly one argument, the value to look for: .contains(value)',
  ],
  ['condition', "wallets[0] == 'w'", '1:12: cannot compare Wallet with string'],
  ['condition', "wallets['a'].id == 'w'", '1:9: a list index must be an int, not string'],
  ['condition', "activity['type'] == 'x'", '1:10: cannot index Activity with [ ]; read a field with a dot instead, e.g. .type'],
  ['condition', 'eth.tx.contract_call_args[0] == 1', '1:27: a map key must be a string, not int'],
  ['condition', 'wallet.imported[0] == true', '1:17: cannot index a value of type bool'],
  ['condition', 'eth.tx.value[0..2] == 1', '1:14: cannot slice a value of type int; only lists and strings can be sliced'],
  ['condition', "eth.tx.data['a'..2] == '0x'", '1:13: a slice bound must be an int, not string'],
  ['condition', 'activity.resource.count() == 1', "1:19: 'count' is a list method, but this is a value of type string"],
  [
    'condition',
    "wallets.id == 'w'",
    "1:9: cannot read field 'id' of a list (list<Wallet>); use an index like [0] or a method like .any(item, predicate)",
  ],
  ['condition', 'eth.tx.value.amount == 1', "1:14: cannot read field 'amount' of a value of type int"],
  ['time', 'time.now > 5', '1:10: cannot compare timestamp with int'],
  ['time', 'Timestamp(5) < time.now', '1:11: argument 1 of Timestamp() must be a string (an RFC 3339 timestamp), not int'],
  [
    'time',
    "CronSpan('0 9 * * *', '8h')",
    "1:1: CronSpan() takes 3 arguments (a cron expression, a duration, a time zone), like CronSpan('0 9 * * 1-5', '8h', 'America/New_York')",
  ],
  ['condition', "wallet.label > 'a'", "1:14: '>' orders ints and timestamps only, not string; compare strings with == or !="],
  ['condition', 'wallet.imported < true', "1:17: '<' orders ints and timestamps only, not bool"],
  ['condition', "true || 'x'", "1:9: '||' needs bool operands, but the right side is of type string"],
  ['time', 'Timestamp > time.now', "1:1: 'Timestamp' is a function; call it like Timestamp('2026-03-01T00:00:00Z')"],
  [
    'condition',
    'wallets.filter(w, w.label)',
    '1:1: a condition must evaluate to a bool (true or false), but this expression is of type list<Wallet>\n1:19: the predicate of filter() must be a bool, not string',
  ],
  ['condition', 'activity.kind.any(k, true)', "1:15: 'any' is a list method, but this is a value of type string"],
  ['condition', "activity.resource == 'WALET'", "1:22: 'WALET' is not a valid activity.resource; did you mean 'WALLET'?"],
  ['condition', "activity.resource == 'wallet'", "1:22: 'wallet' is not a valid activity.resource; did you mean 'WALLET'?"],
  ['condition', "activity.action == 'SIGNING'", "1:20: 'SIGNING' is not a valid activity.action; did you mean 'SIGN'?"],
  ['condition', "activity.resource in ['AUTH', 'OPT']", "1:31: 'OPT' is not a valid activity.resource; did you mean 'OTP'?"],
  [
    'condition',
    "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTOIN_V2'",
    "1:18: 'ACTIVITY_TYPE_SIGN_TRANSACTOIN_V2' is not a valid activity.type; did you mean 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'?",
  ],
  [
    'condition',
    "activity.type == 'SIGN_TRANSACTION'",
    "1:18: 'SIGN_TRANSACTION' is not a valid activity.type; did you mean 'ACTIVITY_TYPE_SIGN_TRANSACTION'?",
  ],
  [
    'condition',
    "activity.kind == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'",
    "1:18: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' is not a valid activity.kind; did you mean 'SIGN_TRANSACTION'?",
  ],
  ['condition', "'CRAETE' == activity.action", "1:1: 'CRAETE' is not a valid activity.action; did you mean 'CREATE'?"],
  ['condition', "activity.kind != 'FOO_BAR_BAZ'", "1:18: 'FOO_BAR_BAZ' is not a valid activity.kind"],
  ['condition', "activity.action in ['CREATE', 'VERFY']", "1:31: 'VERFY' is not a valid activity.action; did you mean 'VERIFY'?"],
  [
    'condition',
    "activity.type == 'ACTIVITY_TYPE_DO_SOMETHING_ELSE'",
    "1:18: 'ACTIVITY_TYPE_DO_SOMETHING_ELSE' is not a valid activity.type",
  ],
  ['scope', "activity.action != 'EXPROT'", "1:20: 'EXPROT' is not a valid activity.action; did you mean 'EXPORT'?"],
  [
    'time',
    "time.now > Timestamp('2026-03-01')",
    "1:22: invalid timestamp '2026-03-01': expected an RFC 3339 date and time with a zero UTC offset, like '2026-03-01T00:00:00Z'",
  ],
  [
    'time',
    "time.now > Timestamp('2026-03-01T00:00:00+01:00')",
    "1:22: invalid timestamp '2026-03-01T00:00:00+01:00': the UTC offset +01:00 is not zero; write the time in UTC with Z, z, +00:00 or -00:00",
  ],
  [
    'time',
    "time.now > Timestamp('2026-13-01T00:00:00Z')",
    "1:22: invalid timestamp '2026-13-01T00:00:00Z': month 13 is not between 01 and 12",
  ],
  [
    'time',
    "time.now > Timestamp('2026-02-30T00:00:00Z')",
    "1:22: invalid timestamp '2026-02-30T00:00:00Z': day 30 does not exist in 2026-02",
  ],
  [
    'time',
    "time.now > Timestamp('2026-03-01T24:00:00Z')",
    "1:22: invalid timestamp '2026-03-01T24:00:00Z': hour 24 is not between 00 and 23",
  ],
  [
    'time',
    "time.now > Timestamp('2026-03-01T00:60:00Z')",
    "1:22: invalid timestamp '2026-03-01T00:60:00Z': minute 60 is not between 00 and 59",
  ],
  [
    'time',
    "time.now > Timestamp('2026-03-01T00:00:61Z')",
    "1:22: invalid timestamp '2026-03-01T00:00:61Z': second 61 is not between 00 and 59",
  ],
  [
    'time',
    "time.now > Timestamp('2026-03-01T00:00:00.1234567890Z')",
    "1:22: invalid timestamp '2026-03-01T00:00:00.1234567890Z': fractional seconds have at most 9 digits (nanoseconds)",
  ],
  [
    'time',
    "time.now > Timestamp('2026-03-01 00:00:00Z')",
    "1:22: invalid timestamp '2026-03-01 00:00:00Z': expected an RFC 3339 date and time with a zero UTC offset, like '2026-03-01T00:00:00Z'",
  ],
  [
    'time',
    "time.now > Timestamp('2026-03-01T00:00:00Z', 'UTC')",
    "1:12: Timestamp() takes one argument (an RFC 3339 timestamp), like Timestamp('2026-03-01T00:00:00Z')",
  ],
  [
    'time',
    "CronSpan('0 9 * *', '8h', 'UTC')",
    "1:10: invalid cron expression '0 9 * *': expected 5 fields (minute hour day-of-month month day-of-week), found 4",
  ],
  [
    'time',
    "CronSpan('0 0 9 * * 1-5', '8h', 'UTC')",
    "1:10: invalid cron expression '0 0 9 * * 1-5': expected 5 fields (minute hour day-of-month month day-of-week), found 6; a seconds field is not supported",
  ],
  [
    'time',
    "CronSpan('@daily', '8h', 'UTC')",
    "1:10: invalid cron expression '@daily': macros like '@daily' are not supported; write the five fields, e.g. '0 0 * * *'",
  ],
  [
    'time',
    "CronSpan('*/15 * * * *', '8h', 'UTC')",
    "1:10: invalid cron expression '*/15 * * * *': step values like '*/15' are not supported in the minute field; list the values instead, e.g. '0,15,30,45'",
  ],
  [
    'time',
    "CronSpan('0 9 * * MON-FRI', '8h', 'UTC')",
    "1:10: invalid cron expression '0 9 * * MON-FRI': names like 'MON' are not supported in the day-of-week field; use numbers (month 1-12, day-of-week 0-6 with 0 for Sunday)",
  ],
  [
    'time',
    "CronSpan('0 9 * JAN *', '8h', 'UTC')",
    "1:10: invalid cron expression '0 9 * JAN *': names like 'JAN' are not supported in the month field; use numbers (month 1-12, day-of-week 0-6 with 0 for Sunday)",
  ],
  ['time', "CronSpan('60 9 * * *', '8h', 'UTC')", "1:10: invalid cron expression '60 9 * * *': minute 60 is out of range 0-59"],
  ['time', "CronSpan('0 24 * * *', '8h', 'UTC')", "1:10: invalid cron expression '0 24 * * *': hour 24 is out of range 0-23"],
  ['time', "CronSpan('0 9 0 * *', '8h', 'UTC')", "1:10: invalid cron expression '0 9 0 * *': day-of-month 0 is out of range 1-31"],
  ['time', "CronSpan('0 9 * 13 *', '8h', 'UTC')", "1:10: invalid cron expression '0 9 * 13 *': month 13 is out of range 1-12"],
  [
    'time',
    "CronSpan('0 9 * * 7', '8h', 'UTC')",
    "1:10: invalid cron expression '0 9 * * 7': day-of-week 7 is out of range 0-6 (0 is Sunday)",
  ],
  [
    'time',
    "CronSpan('0 17-9 * * *', '8h', 'UTC')",
    "1:10: invalid cron expression '0 17-9 * * *': the range 17-9 in the hour field goes backwards; write 9-17",
  ],
  ['time', "CronSpan('0 9,,10 * * *', '8h', 'UTC')", "1:10: invalid cron expression '0 9,,10 * * *': empty value in the hour field"],
  [
    'time',
    "CronSpan('0 *,9 * * *', '8h', 'UTC')",
    "1:10: invalid cron expression '0 *,9 * * *': '*' must be the whole hour field, not part of a list",
  ],
  ['time', "CronSpan('0 9 ? * *', '8h', 'UTC')", "1:10: invalid cron expression '0 9 ? * *': invalid value '?' in the day-of-month field"],
  [
    'time',
    "CronSpan('', '8h', 'UTC')",
    "1:10: invalid cron expression '': expected 5 fields (minute hour day-of-month month day-of-week), found 0",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '8', 'UTC')",
    "1:23: invalid duration '8': expected whole days, hours and minutes in that order, like '8h', '90m' or '1d12h'; add a unit, e.g. '8h' or '8m'",
  ],
  ['time', "CronSpan('0 9 * * *', '0m', 'UTC')", "1:23: invalid duration '0m': the duration must be greater than zero"],
  ['time', "CronSpan('0 9 * * *', '8d', 'UTC')", "1:23: invalid duration '8d': the duration must be at most 7 days (7d)"],
  ['time', "CronSpan('0 9 * * *', '7d1m', 'UTC')", "1:23: invalid duration '7d1m': the duration must be at most 7 days (7d)"],
  [
    'time',
    "CronSpan('0 9 * * *', '30s', 'UTC')",
    "1:23: invalid duration '30s': expected whole days, hours and minutes in that order, like '8h', '90m' or '1d12h'; seconds and fractions are not allowed",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '1.5h', 'UTC')",
    "1:23: invalid duration '1.5h': expected whole days, hours and minutes in that order, like '8h', '90m' or '1d12h'; seconds and fractions are not allowed",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '30m2h', 'UTC')",
    "1:23: invalid duration '30m2h': expected whole days, hours and minutes in that order, like '8h', '90m' or '1d12h'",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '', 'UTC')",
    "1:23: invalid duration '': expected whole days, hours and minutes in that order, like '8h', '90m' or '1d12h'",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '8H', 'UTC')",
    "1:23: invalid duration '8H': expected whole days, hours and minutes in that order, like '8h', '90m' or '1d12h'; the units are lowercase d, h and m",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '8h', 'America/NewYork')",
    "1:29: invalid time zone 'America/NewYork': no such IANA time zone; did you mean 'America/New_York'?",
  ],
  ['time', "CronSpan('0 9 * * *', '8h', 'utc')", "1:29: invalid time zone 'utc': time zone names are case-sensitive; did you mean 'UTC'?"],
  [
    'time',
    "CronSpan('0 9 * * *', '8h', 'Mars/Olympus_Mons')",
    "1:29: invalid time zone 'Mars/Olympus_Mons': no such IANA time zone; use a name like 'America/New_York' or 'UTC'",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '8h', '+05:30')",
    "1:29: invalid time zone '+05:30': no such IANA time zone; use a name like 'America/New_York' or 'UTC'",
  ],
  [
    'time',
    "CronSpan('0 9 * * *', '8h', 'Europe/Londn')",
    "1:29: invalid time zone 'Europe/Londn': no such IANA time zone; did you mean 'Europe/London'?",
  ],
  ['time', "CronSpan(1, '8h', 'UTC')", '1:10: argument 1 of CronSpan() must be a string (a cron expression), not int'],
  [
    'condition',
    "activity.action == 'DESTROY'",
    "1:20: 'DESTROY' is not a valid activity.action; the values are CREATE, UPDATE, DELETE, SIGN, EXPORT, IMPORT, VERIFY, ENCRYPT",
  ],
  [
    'consensus',
    "approvers.filter(u, u.email == 'a@example.com').count() >= 2 && approvers.any(u, u.alias == 1)",
    '1:90: cannot compare string with int',
  ],
  [
    'condition',
    'eth.tx.chain_id == 1 &&\n  eth.tx.valeu < 1000000000000000000',
    "2:10: unknown field 'valeu' of EthereumTransaction; did you mean 'value'?",
  ],
  [
    'condition',
    "solana.tx.spl_transfers.all(t, t.token_mint == 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' && t.ammount < 100)",
    "1:100: unknown field 'ammount' of SPLTransfer; did you mean 'amount'?",
  ],
];

const render = (source: string, kind: PolicyExpressionKind): string =>
  checkPolicyExpression(source, kind)
    .map((d) => `${d.position.line}:${d.position.column}: ${d.message}`)
    .join('\n');

describe('invalid policy expressions', () => {
  test('the corpus has at least 100 distinct expressions', () => {
    expect(new Set(CORPUS.map(([kind, source]) => `${kind}\u0000${source}`)).size).toBe(CORPUS.length);
    expect(CORPUS.length).toBeGreaterThanOrEqual(100);
  });

  test.each(CORPUS)('%s: %j', (kind, source, expected) => {
    expect(render(source, kind)).toBe(expected);
  });

  test('positions carry the offset as well as line and column', () => {
    expect(checkPolicyExpression("activity.kind == 'SIGN_TRANSACTION' &&\n  activity.resourse == 'WALLET'", 'condition')).toEqual([
      {
        severity: 'error',
        message: "unknown field 'resourse' of Activity; did you mean 'resource'?",
        position: { offset: 50, line: 2, column: 12 },
        suggestion: 'resource',
      },
    ]);
  });

  test.each<[PolicyExpressionKind, string, string]>([
    ['condition', "activity.resourse == 'WALLET'", 'resource'],
    ['condition', "activity.resource == 'WALET'", 'WALLET'],
    ['condition', "activity.resource in ['AUTH', 'OPT']", 'OTP'],
    ['condition', "activity.type == 'SIGN_TRANSACTION'", 'ACTIVITY_TYPE_SIGN_TRANSACTION'],
    ['condition', "activity.kind == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2'", 'SIGN_TRANSACTION'],
    ['consensus', 'approvers.size() >= 2', 'count'],
    ['time', "CronSpan('0 9 * * *', '8h', 'America/NewYork')", 'America/New_York'],
    ['time', "CronSpan('0 9 * * *', '8h', 'utc')", 'UTC'],
  ])('%s %j suggests %j', (kind, source, suggestion) => {
    const [first] = checkPolicyExpression(source, kind);
    expect(first?.suggestion).toBe(suggestion);
  });

  test('a syntax error is reported alone, before any name is looked up', () => {
    expect(checkPolicyExpression('activty.kind == "x"', 'condition')).toEqual([
      { severity: 'error', message: `strings use single quotes: write 'x' instead of "x"`, position: { offset: 16, line: 1, column: 17 } },
    ]);
  });

  test('a wrong-kind keyword has no suggestion', () => {
    expect(checkPolicyExpression("approvers.any(u, u.id == 'a')", 'condition')).toEqual([
      { severity: 'error', message: "'approvers' is only available in consensus expressions", position: { offset: 0, line: 1, column: 1 } },
    ]);
  });

  test('nesting deeper than 100 brackets is refused where the 101st bracket opens', () => {
    const source = `${'('.repeat(101)}true${')'.repeat(101)}`;
    expect(render(source, 'condition')).toBe(
      '1:101: the expression is nested too deeply (more than 100 levels of brackets); split it into several policies',
    );
    expect(checkPolicyExpression(`${'('.repeat(100)}true${')'.repeat(100)}`, 'condition')).toEqual([]);
  });

  test('a chain of more than 200 operators is refused', () => {
    expect(render(Array.from({ length: 201 }, () => 'true').join(' && '), 'condition')).toBe(
      '1:1: the expression is nested too deeply (more than 200 levels); split it into several policies',
    );
    expect(checkPolicyExpression(Array.from({ length: 200 }, () => 'true').join(' && '), 'condition')).toEqual([]);
  });
});
