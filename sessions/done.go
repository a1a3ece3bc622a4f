package sessions

import "slices"

// doneList is the facts of a table's games done, by number-1
// (facts.done): kept as a GameList keeps its games, in chunks of
// gameChunk, so a version that changes an older game's facts (a
// correction, an undo putting them back) copies that game's chunk, not
// every game's, and a base part's full chunks stay encoded in the part
// (its rest, for the older ones) until read: a restart decodes the
// newest games' facts, not one per game of a long table. It is a value
// shared by versions as a slice is: the newest version appends to its
// tail past the end an older one sees, and a version that branches off
// (an undo) clips it first.
type doneList struct {
	// full are the oldest games' facts, in chunks of exactly gameChunk
	// each; a nil chunk is kept's, not read yet.
	full [][]gameFacts
	// tail are the newest, fewer than gameChunk.
	tail []gameFacts
	// kept are the chunks a base part gave, encoded; nil for none.
	kept *keptDone
}

// keptDone is the games' facts a base part gave: where each full chunk
// is in the part, and its facts once read.
type keptDone struct {
	part   *snapPart
	chunks []keptChunk[gameFacts]
}

// doneOf is fs as a doneList (nil for nil, empty for empty).
func doneOf(fs []gameFacts) doneList {
	var l doneList
	if fs != nil {
		l.tail = []gameFacts{}
	}
	for _, g := range fs {
		l = l.push(g)
	}
	return l
}

// Len is the number of games' facts.
func (l doneList) Len() int { return len(l.full)*gameChunk + len(l.tail) }

// isNil reports whether the list is nil (none ever), not empty.
func (l doneList) isNil() bool { return l.full == nil && l.tail == nil }

// at is the facts of game number i+1; i must be within the list.
func (l doneList) at(i int) gameFacts {
	if c := i / gameChunk; c < len(l.full) {
		return l.chunk(c)[i%gameChunk]
	}
	return l.tail[i-len(l.full)*gameChunk]
}

// chunk is full chunk c, decoded from kept if it was not yet.
func (l doneList) chunk(c int) []gameFacts {
	if ch := l.full[c]; ch != nil {
		return ch
	}
	return l.kept.chunk(c)
}

// slice is the list as one slice (nil for nil): tests, and a part's
// games since a head.
func (l doneList) slice() []gameFacts {
	if l.isNil() {
		return nil
	}
	out := make([]gameFacts, 0, l.Len())
	for c := range l.full {
		out = append(out, l.chunk(c)...)
	}
	return append(out, l.tail...)
}

// push appends g: in place past the end older versions see, as append
// does to a slice. A tail that fills up becomes a full chunk (the index
// of chunks is copied: versions share it).
func (l doneList) push(g gameFacts) doneList {
	l.tail = append(l.tail, g)
	if len(l.tail) == gameChunk {
		l.full = append(slices.Clip(l.full), l.tail)
		l.tail = []gameFacts{}
	}
	return l
}

// clip caps the list at its length: the next push copies the tail
// instead of writing where versions that saw more read.
func (l doneList) clip() doneList {
	l.full, l.tail = slices.Clip(l.full), slices.Clip(l.tail)
	return l
}

// capped reports whether the list is capped at its length (clip).
func (l doneList) capped() bool { return cap(l.full) == len(l.full) && cap(l.tail) == len(l.tail) }

// prefix is the first n games' facts, clipped (n at most Len).
func (l doneList) prefix(n int) doneList {
	if n >= len(l.full)*gameChunk {
		l.tail = slices.Clip(l.tail[:n-len(l.full)*gameChunk])
		return l.clip()
	}
	c := n / gameChunk
	out := doneList{full: slices.Clip(l.full[:c]), tail: []gameFacts{}, kept: l.kept}
	if n%gameChunk > 0 {
		out.tail = slices.Clip(l.chunk(c)[:n%gameChunk])
	}
	return out
}

// with is the list with game i+1's facts g: the chunk holding it copied.
func (l doneList) with(i int, g gameFacts) doneList {
	if c := i / gameChunk; c < len(l.full) {
		ch := slices.Clone(l.chunk(c))
		ch[i%gameChunk] = g
		l.full = slices.Clone(l.full)
		l.full[c] = ch
		return l
	}
	l.tail = slices.Clone(l.tail)
	l.tail[i-len(l.full)*gameChunk] = g
	return l
}

// chunk is chunk c of the kept facts, decoded on first use
// (keptChunk.get). A chunk does not fail to read after a part whose
// checksum matched, as every loaded one did; if one did, its games would
// have no facts.
func (k *keptDone) chunk(c int) []gameFacts {
	ref := &k.chunks[c]
	return ref.get(func() []gameFacts {
		d := &snapDecoder{b: k.part.span(ref.at, ref.end), end: int(ref.end)} // (numbers and times only)
		out := make([]gameFacts, gameChunk)
		for j := range out {
			out[j] = d.gameFacts()
		}
		if d.err != nil || len(d.b) != 0 {
			clear(out)
		}
		return out
	})
}
