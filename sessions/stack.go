package sessions

import (
	"tablemate/scoring"
)

// The events in effect a base part gave (the stack an undo takes back,
// newest first) are kept encoded in the part, in chunks of logChunk
// events, and a chunk is decoded when an undo, or a later part's
// writing, first reaches it: a restart decodes the newest chunk only
// (the table's top), not one effect per event of a long table.

// keptStack is the stack a base part gave: n events in effect, oldest
// first, in chunks of per.
type keptStack struct {
	n, per int
	// part and find are what decoding a chunk needs: the part's bytes,
	// strings, lines and game pool, and the engines.
	part *snapPart
	find Finder
	// chunks are where each chunk is in the part, and its events once
	// read (oldest first, each linked to the one below).
	chunks []keptChunk[effect]
}

// stackLink is the chunk below the lowest event of a decoded chunk.
type stackLink struct {
	stack *keptStack
	c     int
}

// down is the event in effect below fx (nil for none), its chunk
// decoded when first reached.
func (fx *effect) down() *effect {
	if l := fx.lower; l != nil {
		return l.stack.top(l.c)
	}
	return fx.next
}

// top is the newest event of chunk c.
func (k *keptStack) top(c int) *effect {
	events := k.chunk(c)
	return &events[len(events)-1]
}

// chunk is chunk c, decoded on first use (keptChunk.get).
func (k *keptStack) chunk(c int) []effect {
	return k.chunks[c].get(func() []effect {
		events := k.decodeChunk(c)
		if c > 0 {
			events[0].lower = &stackLink{stack: k, c: c - 1}
		}
		return events
	})
}

// decodeChunk reads chunk c, its events linked each to the one below.
// A chunk does not fail to read after a part whose checksum matched, as
// every loaded one did; if one did, its events would be of no seq (an
// undo of them is refused, never applied to the wrong event).
func (k *keptStack) decodeChunk(c int) (events []effect) {
	n := min(k.per, k.n-c*k.per)
	ref := &k.chunks[c]
	b := k.part.span(ref.at, ref.end) // read before the recover below: a rest that cannot be read is no broken chunk
	events = make([]effect, n)
	broken := func() {
		for j := range events {
			events[j] = effect{seq: -1, check: noCheck}
			if j > 0 {
				events[j].next = &events[j-1]
			}
		}
	}
	defer func() {
		if recover() != nil {
			broken()
		}
	}()
	d := &snapDecoder{b: b, end: int(ref.end), strs: k.part.strs, lines: k.part.lines, part: k.part, find: k.find,
		engines: map[string]scoring.Game{}, infos: map[string]scoring.Info{}}
	for j := range events {
		d.effect(&events[j], true)
		if j > 0 {
			events[j].next = &events[j-1]
		}
	}
	if d.err != nil || len(d.b) != 0 {
		broken()
	}
	return events
}

// effect writes fx, an event in effect, with what an undo of it needs
// of the facts before it (a state when withState; see factsCheck).
func (e *snapEncoder) effect(t *Table, fx *effect, withState bool) error {
	e.uint(fx.seq)
	e.uint(fx.game)
	e.bool(fx.added)
	if err := e.game(fx.prev); err != nil {
		return err
	}
	e.bool(fx.joined)
	e.bool(fx.chosen != nil)
	if c := fx.chosen; c != nil {
		e.engine(c.engine)
		e.bytes(c.options)
		e.str(c.first)
		if c.engine == nil || !sameInfo(c.info, c.engine.Info()) {
			return errChoseNone
		}
	}
	e.bool(fx.playChanged)
	e.play(fx.play)
	return e.factsCheck(checkOf(t, fx, withState))
}

// effect reads an event in effect into fx (its next left to the
// caller); fresh reads the game it replaced from the part's bytes, not
// as a copy of the pool's, which a later part applied in place may have
// replaced (a kept chunk is read after those).
func (d *snapDecoder) effect(fx *effect, fresh bool) {
	fx.seq, fx.game, fx.added = d.uint(), d.uint(), d.bool()
	if fresh {
		fx.prev = d.freshGame()
	} else {
		fx.prev = d.game()
	}
	fx.joined = d.bool()
	if d.bool() {
		c := &playing{}
		c.engine, c.info = d.engine()
		c.options, c.first = d.bytes(), d.str()
		if c.engine == nil {
			d.fail()
		}
		fx.chosen = c
	}
	fx.playChanged, fx.play = d.bool(), d.play()
	fx.check = d.factsCheck()
}
