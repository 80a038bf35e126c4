#!/usr/bin/env python3
"""Lists C++ function bodies longer than a limit (house style: ~80 lines).

A small brace scanner, not a parser: a function body is a '{' that follows a
')' (optionally 'const', 'noexcept', 'override', '-> T', an initialiser list)
directly inside a namespace or a class/struct/union body (member functions
defined in the class count too), and lambdas inside it count as part of it.

    scripts/long-functions.py [--max N] DIR...   (exit 1 when any is longer)
"""
import re
import sys


def strip(text):
    # Blank out comments and string/char literals, keeping line breaks.
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif c in '"\'':
            if c == '"' and i > 0 and text[i - 1] == 'R':
                m = re.match(r'R"([^(]*)\(', text[i - 1:])
                end = text.find(')' + m.group(1) + '"', i) + len(m.group(1)) + 2
                out.append(re.sub(r'[^\n]', ' ', text[i:end])); i = end
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(c + ' ' * (j - i - 1) + c); i = j + 1
        else:
            out.append(c); i += 1
    return ''.join(out)


CLASS_HEAD = re.compile(r'(?<!\benum\s)\b(class|struct|union)\b(\s+[\w:]+)?[^;{}()]*$')


def statement(head):
    # The text since the previous ';', '{' or '}', without access labels.
    cut = max(head.rfind(';'), head.rfind('{'), head.rfind('}'))
    text = head[cut + 1:]
    return re.sub(r'\b(public|protected|private)(\s+(Q_SLOTS|slots|Q_SIGNALS|signals))?\s*:(?!:)', ' ', text)


def functions(path):
    text = strip(open(path, encoding='utf-8', errors='replace').read())
    depth_kind = []  # 'ns' | 'class' | 'fn' | 'other'
    class_names = []
    results = []
    start_line = None
    for m in re.finditer(r'[{}]', text):
        pos = m.start()
        if m.group() == '{':
            before = text[:pos].rstrip()
            head = before[-300:]
            in_fn = 'fn' in depth_kind
            outer_ok = all(k in ('ns', 'class') for k in depth_kind)
            is_ns = re.search(r'(namespace[\w:\s]*|extern\s+"C"\s*)$', head) is not None
            is_fn = (not in_fn and not is_ns and
                     re.search(r'\)\s*(const|noexcept|override|final|mutable|\s|->\s*[\w:<>,\s*&]+)*$', head) is not None
                     or (not in_fn and re.search(r'\)\s*:\s*[\w:]+\s*[({][^;]*$', head) is not None))
            cls = None if (is_ns or is_fn or not outer_ok) else CLASS_HEAD.search(statement(head))
            if is_ns:
                kind = 'ns'
            elif is_fn and outer_ok:
                kind = 'fn'
            elif cls:
                kind = 'class'
                class_names.append((cls.group(2) or '').strip())
            else:
                kind = 'other'
            if kind == 'fn':
                start_line = text.count('\n', 0, pos) + 1
                name = re.findall(r'([\w:~]+)\s*\(', head)
                fn_name = name[-1] if name else '?'
                scope = '::'.join(n for n in class_names if n)
                if scope and '::' not in fn_name:
                    fn_name = scope + '::' + fn_name
            depth_kind.append(kind)
        else:
            if not depth_kind:
                continue
            kind = depth_kind.pop()
            if kind == 'class':
                class_names.pop()
            if kind == 'fn' and 'fn' not in depth_kind:
                end_line = text.count('\n', 0, pos) + 1
                results.append((end_line - start_line + 1, start_line, fn_name))
    return results


def main():
    args = sys.argv[1:]
    limit = 80
    if args[:1] == ['--max']:
        limit = int(args[1]); args = args[2:]
    import os
    long_ones = []
    for root in args:
        for d, _, files in os.walk(root):
            for f in files:
                if f.endswith(('.cpp', '.h')):
                    p = os.path.join(d, f)
                    for n, line, name in functions(p):
                        if n > limit:
                            long_ones.append((n, p, line, name))
    for n, p, line, name in sorted(long_ones, reverse=True):
        print(f'{p}:{line}: {name} is {n} lines (limit {limit})')
    return 1 if long_ones else 0


if __name__ == '__main__':
    sys.exit(main())
