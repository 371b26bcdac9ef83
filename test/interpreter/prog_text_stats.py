# Text statistics: word frequencies with dicts, sorting by count then word, string cleanup, formatting.
text = """The quick brown fox jumps over the lazy dog.
The dog barks; the fox runs away!
A quick, quick fox."""
cleaned = ''
for ch in text.lower():
    cleaned += ch if ch.isalpha() or ch == ' ' or ch == '\n' else ' '
words = cleaned.split()
print(len(words), 'words')
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
print(freq)
ranked = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))
for word, count in ranked[:5]:
    print(f'{word:>6} {count:2d} ' + '#' * count)
lines = text.split('\n')
for i, line in enumerate(lines, 1):
    print(i, len(line), line.split()[0], line[-1])
longest = max(words, key=len)
print('longest:', longest, len(longest))
print('unique:', len(set(words)))
letters = {}
for ch in cleaned:
    if ch.isalpha():
        letters[ch] = letters.get(ch, 0) + 1
top = sorted(letters, key=lambda c: (-letters[c], c))[:3]
print(top, [letters[c] for c in top])
print(' '.join([w.capitalize() for w in words[:4]]))
