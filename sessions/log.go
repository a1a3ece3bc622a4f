package sessions

import (
	"iter"
	"slices"
	"sync/atomic"
)

// Log is a table's events in order, each with what replay worked out
// of it: entry i has seq i+1. A table loaded from a snapshot keeps the
// entries its base gave encoded in the base's part, in chunks of
// logChunk entries, and decodes a chunk when one of its entries is
// first read (a cold table page reads the newest entries only, so a
// restart does not decode a long log); the entries applied since are
// held decoded. A Log is a value shared by versions of a table as a
// slice is: appending to a newer version never changes what an older
// one holds.
type Log struct {
	// kept are the oldest entries, kept encoded in a part; nil for none.
	kept *keptLog
	// entries are the entries after kept's.
	entries []LogEntry
}

// logChunk is how many entries a chunk of a part's log holds.
const logChunk = 256

// keptLog is the log a base part gave, kept encoded: n entries in
// chunks of per (logChunk when this build wrote it), each decoded once,
// when first read.
type keptLog struct {
	n, per int
	// part, head and find are what decoding a chunk needs: the part's
	// bytes, strings, lines and game pool, the head it was made at (an
	// undo after it is not the part's), and the engines.
	part *snapPart
	head int
	find Finder
	// chunks are where each chunk is in the part, and its entries once
	// read.
	chunks []keptChunk[LogEntry]
}

// keptChunk is a chunk of what a part keeps encoded (a kept log's
// entries, a kept stack's events in effect): where its bytes are in the
// part, and what they decode to once read.
type keptChunk[T any] struct {
	partSpan
	read atomic.Pointer[[]T]
}

// partSpan is where a stretch of a part's bytes is: body[at:end].
type partSpan struct{ at, end uint32 }

// get is the chunk's values, decoded by decode on first use (two
// goroutines asking at once may both decode it; one result is kept, and
// every caller gets that one).
func (k *keptChunk[T]) get(decode func() []T) []T {
	if p := k.read.Load(); p != nil {
		return *p
	}
	v := decode()
	if !k.read.CompareAndSwap(nil, &v) {
		return *k.read.Load()
	}
	return v
}

// keptChunks are chunks at spans, none read yet.
func keptChunks[T any](spans []partSpan) []keptChunk[T] {
	out := make([]keptChunk[T], len(spans))
	for i, s := range spans {
		out[i].partSpan = s
	}
	return out
}

// Len is the number of entries.
func (l Log) Len() int {
	if l.kept == nil {
		return len(l.entries)
	}
	return l.kept.n + len(l.entries)
}

// At is entry i (seq i+1); i must be within the log.
func (l Log) At(i int) LogEntry {
	if l.kept != nil {
		if i < l.kept.n {
			c := l.kept.chunk(i / l.kept.per)
			return c[i%l.kept.per]
		}
		i -= l.kept.n
	}
	return l.entries[i]
}

// All yields every entry with its index, oldest first.
func (l Log) All() iter.Seq2[int, LogEntry] { return l.From(0) }

// From yields the entries from index i on, oldest first.
func (l Log) From(i int) iter.Seq2[int, LogEntry] {
	return func(yield func(int, LogEntry) bool) {
		k := 0
		if l.kept != nil {
			for i < l.kept.n {
				for _, e := range l.kept.chunk(i / l.kept.per)[i%l.kept.per:] {
					if !yield(i, e) {
						return
					}
					i++
				}
			}
			k = l.kept.n
		}
		for ; i < l.Len(); i++ {
			if !yield(i, l.entries[i-k]) {
				return
			}
		}
	}
}

// Backward yields the entries before index end, newest first.
func (l Log) Backward(end int) iter.Seq2[int, LogEntry] {
	return func(yield func(int, LogEntry) bool) {
		for i := min(end, l.Len()) - 1; i >= 0; i-- {
			if !yield(i, l.At(i)) {
				return
			}
		}
	}
}

// Entries are all entries as one slice (decoding every chunk; tests and
// exports).
func (l Log) Entries() []LogEntry {
	out := make([]LogEntry, 0, l.Len())
	for _, e := range l.All() {
		out = append(out, e)
	}
	return out
}

// append adds e at the end.
func (l *Log) append(e LogEntry) { l.entries = append(l.entries, e) }

// setLast replaces the newest entry, which append added.
func (l *Log) setLast(e LogEntry) { l.entries[len(l.entries)-1] = e }

// clip caps the decoded entries at their length: appending to the log
// of a version handed out copies them.
func (l Log) clip() Log {
	l.entries = slices.Clip(l.entries)
	return l
}

// logOf is a log of decoded entries.
func logOf(entries ...LogEntry) Log { return Log{entries: entries} }

// chunk is chunk c of the kept log, decoded on first use (every caller
// gets the one decoding kept, so an undo's mark is written where all
// read).
func (k *keptLog) chunk(c int) []LogEntry {
	ref := &k.chunks[c]
	return ref.get(func() []LogEntry {
		return k.decodeChunk(c*k.per, min(k.per, k.n-c*k.per), k.part.span(ref.at, ref.end), int(ref.end))
	})
}
