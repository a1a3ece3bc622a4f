package sessions

import (
	"iter"
	"slices"
)

// GameList is a table's games in order: At(i) is game number i+1. It is
// a value shared by versions of a table as a slice is, but kept in
// chunks of gameChunk games, so a version that changes one game copies
// that game's chunk (and the short index of chunks), not every game: a
// round entered on a table of 4,000 games copies 64 of them, not 4,000.
// Appending to a newer version never changes what an older one holds
// (the full chunks are never written once shared; the newest games are
// an array a version appends to past the end an older one sees, as a
// slice is).
//
// A table loaded from a snapshot keeps its base's full chunks encoded in
// the base's part (kept) and decodes a chunk when one of its games is
// first read, as its Log does with its entries: a cold table page reads
// the newest games, so a restart does not decode 4,000 games to show a
// page.
type GameList struct {
	// full are the oldest games, in chunks of exactly gameChunk each; a
	// nil chunk is kept's, not read yet.
	full [][]Game
	// tail are the newest games, fewer than gameChunk.
	tail []Game
	// kept are the chunks a base part gave, encoded; nil for none.
	kept *keptGames
}

// gameChunk is how many games a chunk of a GameList holds.
const gameChunk = 64

// GameListOf is games as a GameList (a snapshot's games, or a table a
// test makes). It shares games' array: the caller must not write it
// afterwards (unless it owns the list, see put).
func GameListOf(games []Game) GameList {
	var l GameList
	for len(games) >= gameChunk {
		l.full = append(l.full, games[:gameChunk:gameChunk])
		games = games[gameChunk:]
	}
	l.tail = games
	return l
}

// Len is the number of games.
func (l GameList) Len() int { return len(l.full)*gameChunk + len(l.tail) }

// At is game number i+1; i must be within the list.
func (l GameList) At(i int) Game { return *l.at(i) }

// at is where game number i+1 is held (in a kept chunk, the decoded
// chunk every version shares: never written).
func (l GameList) at(i int) *Game {
	if c := i / gameChunk; c < len(l.full) {
		return &l.chunk(c)[i%gameChunk]
	}
	return &l.tail[i-len(l.full)*gameChunk]
}

// chunk is full chunk c, decoded from kept if it was not yet.
func (l GameList) chunk(c int) []Game {
	if ch := l.full[c]; ch != nil {
		return ch
	}
	return l.kept.chunk(c)
}

// Last is the newest game, false when there is none.
func (l GameList) Last() (Game, bool) {
	if n := l.Len(); n > 0 {
		return l.At(n - 1), true
	}
	return Game{}, false
}

// All yields every game with its index, oldest first.
func (l GameList) All() iter.Seq2[int, Game] {
	return func(yield func(int, Game) bool) {
		i := 0
		for c := range l.full {
			for _, g := range l.chunk(c) {
				if !yield(i, g) {
					return
				}
				i++
			}
		}
		for _, g := range l.tail {
			if !yield(i, g) {
				return
			}
			i++
		}
	}
}

// Backward yields every game with its index, newest first.
func (l GameList) Backward() iter.Seq2[int, Game] {
	return func(yield func(int, Game) bool) {
		for i := l.Len() - 1; i >= 0; i-- {
			if !yield(i, *l.at(i)) {
				return
			}
		}
	}
}

// Between yields the games from index from to index to (as
// games[from:to] of a slice), oldest first.
func (l GameList) Between(from, to int) iter.Seq2[int, Game] {
	return func(yield func(int, Game) bool) {
		for i := from; i < to; i++ {
			if !yield(i, *l.at(i)) {
				return
			}
		}
	}
}

// Slice is a copy of the games from index from to index to (as
// games[from:to] of a slice).
func (l GameList) Slice(from, to int) []Game {
	out := make([]Game, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, *l.at(i))
	}
	return out
}

// isNil reports whether the list is the zero GameList (a table that
// never had a game), as against one whose games were all taken back.
func (l GameList) isNil() bool { return l.full == nil && l.tail == nil }

// append adds g at the end.
func (l *GameList) append(g Game) {
	l.tail = append(l.tail, g)
	if len(l.tail) == gameChunk {
		l.full, l.tail = append(l.full, slices.Clip(l.tail)), nil
	}
}

// dropLast takes the newest game off. It returns false when the tail
// it leaves is a chunk other versions share (so not the array a builder
// owned): the list is capped at its length either way, so the next
// append copies rather than writing where newer versions show a game.
func (l *GameList) dropLast() (sameTail bool) {
	if len(l.tail) > 0 {
		l.tail = slices.Clip(l.tail[:len(l.tail)-1])
		return true
	}
	last := len(l.full) - 1
	l.full, l.tail = slices.Clip(l.full[:last]), slices.Clip(l.chunk(last)[:gameChunk-1])
	return false
}

// put makes g game number i+1 (which must be there). The chunk it is
// in is copied first, and the index of chunks with it, unless it is the
// tail and ownTail is set (the tail is an array this version made, no
// other sees), or inPlace is set (a loader that owns every array of the
// list). It returns whether the tail is owned now.
func (l *GameList) put(i int, g Game, ownTail, inPlace bool) bool {
	c := i / gameChunk
	if c < len(l.full) {
		if !inPlace || l.full[c] == nil { // a kept chunk is shared once decoded
			if !inPlace {
				l.full = slices.Clone(l.full)
			}
			l.full[c] = slices.Clone(l.chunk(c))
		}
		l.full[c][i%gameChunk] = g
		return ownTail
	}
	if !ownTail && !inPlace {
		l.tail = slices.Clone(l.tail)
	}
	l.tail[i-len(l.full)*gameChunk] = g
	return true
}

// prefix is the first n games (n at most Len).
func (l GameList) prefix(n int) GameList {
	c := n / gameChunk
	if c < len(l.full) {
		return GameList{full: slices.Clip(l.full[:c]), tail: slices.Clip(l.chunk(c)[:n%gameChunk]), kept: l.kept}
	}
	l.tail = slices.Clip(l.tail[:n-len(l.full)*gameChunk])
	return l
}

// clip caps the list at its length: appending to the games of a version
// handed out copies them.
func (l GameList) clip() GameList {
	l.full, l.tail = slices.Clip(l.full), slices.Clip(l.tail)
	return l
}

// keptGames are the full chunks of games a base part gave, kept encoded
// in it: game i is game i of the part's pool (a base writes its games
// first into its pool, in order), each chunk decoded once, when one of
// its games is first read.
type keptGames struct {
	part   *snapPart
	find   Finder
	chunks []keptChunk[Game]
}

// chunk is chunk c, decoded on first use (keptChunk.get).
func (k *keptGames) chunk(c int) []Game {
	return k.chunks[c].get(func() []Game { return k.decodeChunk(c) })
}
