package sessions

import (
	"encoding/json"
	"maps"
	"slices"
	"time"
)

// facts are what the notes (note.go) and the lengths (length.go) read
// from the log in effect, kept as the table goes on: applying an event
// takes it in (facts.next), so a page reads a game's note or length
// without walking the log, at any length. An undo puts back the facts
// from before the event it takes back (factsUndone); only for an event
// in effect that a snapshot gave, which keeps no facts before it, are
// they worked out again by one walk over the log in effect (walkFacts).
//
// A facts value is never changed once a table holds it: the next event
// makes a new one (sharing the notes until a note changes them, and the
// finished games' facts, which later events only append to, as the log).
// Each event in effect keeps the facts before it (effect.facts), so an
// undo puts them back without a walk.
type facts struct {
	// notes are the notes in effect: each game's by its number, the
	// evening's at eveningKey.
	notes map[int]string
	// evening is the times of the evening's play; pending those of the
	// game at hand before it is written (its opening and guided moves).
	evening, pending span
	// clock is the clock as the walk reached it (clockWalk).
	clock Clock
	// cur is the newest game the facts touched; done the games before it,
	// by number-1 (a game never touched has the zero gameFacts).
	cur  gameFacts
	done doneList
	// started is the seq of the newest guided game's start in effect
	// (KindPlayStarted), 0 for none: its setup is the next one's
	// defaults (Table.LastPlayStarted).
	started int
}

// gameFacts are one game's times and its clock.
type gameFacts struct {
	number int
	// seen is set once an event played the game (its times start).
	seen  bool
	times span
	// clocked is set once the game's clock was closed at one of its
	// events, as clock stood then.
	clocked bool
	clock   Clock
}

// span adds times up in order, gaps over PauseLimit left out: the fold
// of lengthOf over a list of times.
type span struct {
	n              int
	first, last    time.Time
	played, paused time.Duration
}

func (s span) add(t time.Time) span {
	if s.n == 0 {
		s.first = t
	} else {
		switch gap := t.Sub(s.last); {
		case gap > PauseLimit:
			s.paused += gap
		case gap > 0:
			s.played += gap
		}
	}
	s.last = t
	s.n++
	return s
}

// length is the span as a Length (lengthOf of its times).
func (s span) length() Length {
	if s.n == 0 {
		return Length{}
	}
	l := Length{Start: s.first, Minutes: int(s.played.Round(time.Minute) / time.Minute), Paused: int(s.paused.Round(time.Minute) / time.Minute)}
	if s.played > 0 && l.Minutes == 0 {
		l.Minutes = 1
	}
	return l
}

// game returns game n's facts (the zero value when none).
func (f *facts) game(n int) gameFacts {
	switch {
	case f == nil || n < 1:
		return gameFacts{}
	case n == f.cur.number:
		return f.cur
	case n <= f.done.Len():
		return f.done.at(n - 1)
	}
	return gameFacts{}
}

// set makes g the facts of its game (f is a copy the caller owns).
func (f *facts) set(g gameFacts) {
	switch {
	case g.number == f.cur.number:
		f.cur = g
	case g.number > f.cur.number:
		if f.cur.number > 0 {
			// The game at hand is done: appended after the games before
			// it, as the log is (older versions see fewer).
			for f.done.Len() < f.cur.number-1 {
				f.done = f.done.push(gameFacts{})
			}
			if f.done.Len() > f.cur.number-1 {
				f.done = f.done.prefix(f.cur.number - 1)
			}
			f.done = f.done.push(f.cur)
		}
		f.cur = g
	default: // an older game: its chunk copied, older versions still see it
		done := f.done.clip()
		for done.Len() < g.number {
			done = done.push(gameFacts{})
		}
		f.done = done.with(g.number-1, g)
	}
}

// next returns the facts with e taken in: e is in effect and is not an
// undo. It returns f itself when e changes nothing.
func (f *facts) next(e LogEntry) *facts {
	var n facts
	if f != nil {
		n = *f
	}
	changed := true
	// The clock (clockWalk.see).
	switch {
	case isClock(e.Kind):
		if g := clockGameOf(e); g != n.clock.Game {
			n.clock = Clock{Game: g}
		}
		n.clock.take(e.Kind, e.At)
	case clockReset(e.Kind):
		if e.Kind == KindPlayStopped && e.Game > 0 && e.Game == n.clock.Game {
			n.closeClock(e)
		}
		n.clock = Clock{}
	case putsGame(e.Kind) && e.Game > 0:
		if e.Game != n.clock.Game {
			n.clock = Clock{}
		} else {
			n.closeClock(e)
		}
	default:
		changed = false
	}
	// The times (lengthTimes).
	switch {
	case opening(e.Kind):
		n.pending = span{}.add(e.At)
		n.evening = n.evening.add(e.At)
		if e.Kind == KindPlayStarted {
			n.started = e.Seq
		}
	case e.Kind == KindPlayStep && e.Game == 0:
		n.pending = n.pending.add(e.At)
		n.evening = n.evening.add(e.At)
	case e.Kind == KindPlayStopped:
		if g := n.game(e.Game); e.Game > 0 && !g.seen {
			g.number, g.seen, g.times = e.Game, true, n.pending // kept unfinished: its moves
			n.set(g)
		}
		n.pending = span{}
	case playsGame(e.Kind) && e.Game > 0:
		g := n.game(e.Game)
		if !g.seen {
			g.number, g.seen, g.times = e.Game, true, n.pending
		}
		n.pending = span{}
		g.times = g.times.add(e.At)
		n.set(g)
		n.evening = n.evening.add(e.At)
	default:
		if !changed && e.Kind != KindGameNoted && e.Kind != KindEveningNoted {
			return f
		}
	}
	// The notes.
	switch e.Kind {
	case KindEveningNoted:
		var en EveningNoted
		if json.Unmarshal(e.Payload, &en) == nil {
			n.notes = withNote(n.notes, eveningKey, en.Note)
		}
	case KindGameNoted:
		var g GameNoted
		if json.Unmarshal(e.Payload, &g) == nil {
			n.notes = withNote(n.notes, g.Game, g.Note)
		}
	}
	return &n
}

// withNote is notes with game n's note set, notes itself left as it is.
func withNote(notes map[int]string, n int, note string) map[int]string {
	out := maps.Clone(notes)
	if out == nil {
		out = map[int]string{}
	}
	out[n] = note
	return out
}

// closeClock keeps the clock of e's game as it stands at e (clockWalk.close).
func (f *facts) closeClock(e LogEntry) {
	if !f.clock.Used {
		return
	}
	c := f.clock
	c.Ran, c.Running, c.Since = c.Elapsed(e.At), false, time.Time{}
	g := f.game(e.Game)
	g.number, g.clocked, g.clock = e.Game, true, c
	f.set(g)
}

// factsUndone are the facts after an undo took fx back: the facts
// before it, with the clock's events since taken in again (the clock is
// never undone; every other event since was undone already). An event in
// effect that a snapshot gave keeps no facts before it: they are worked
// out from the nearest event below it that the snapshot kept them for
// (keptFactsBefore), never from the whole log.
func (t *Table) factsUndone(fx *effect) *facts {
	if fx == nil {
		return walkFacts(t)
	}
	f := fx.facts
	if fx.check != nil {
		f = t.keptFactsBefore(fx)
	}
	if f != nil {
		// Capped: the next game done is appended to a copy, not where
		// the versions that saw the undone event read.
		c := *f
		c.done = f.done.clip()
		f = &c
	}
	for _, e := range t.Log.From(fx.seq) {
		if isClock(e.Kind) {
			f = f.next(e)
		}
	}
	return f
}

// factsCheck is what a snapshot keeps of the facts before an event in
// effect (an effect it gave has no facts before it; their facts would
// take a table's length each). The facts before such an event x are
// worked out from the table's facts while x is the newest event in
// effect (the facts after x, which differ from those before it only in
// what x and the events below it down to the nearest kept state
// changed): from that state, the log read forward to x, each event in
// effect taken in with what it overwrote put back first. A state is kept
// for the lowest event in effect of each stretch of the log's chunks
// (logChunk events), so an undo reads one stretch, however long the
// table.
type factsCheck struct {
	// state is the facts before the event but for the notes and the
	// games done (set for the lowest event in effect of its stretch).
	state *factsState
	// game is the facts of the event's game before it, when that game
	// was done before it (a correction of an older game): the facts
	// after it overwrote them.
	game *gameFacts
	// note is the note the event replaced (a game's or the evening's
	// note set), which the facts after it overwrote.
	note *noteWas
}

// factsState is the facts before an event without their notes and
// games done: how many games were done, and whether none ever; none is
// set when there were no facts before it (nil facts).
type factsState struct {
	none             bool
	evening, pending span
	clock            Clock
	cur              gameFacts
	started          int
	done             int
	doneNil          bool
}

// noteWas is a note as it was before an event set it: key's note, or
// none (ok false).
type noteWas struct {
	key  int
	note string
	ok   bool
}

// noCheck is the factsCheck of an event in effect a snapshot gave that
// overwrote nothing the facts after it keep, and keeps no state.
var noCheck = &factsCheck{}

// keptFactsBefore works out the facts before x, an event in effect a
// snapshot gave that is the newest in effect (see factsCheck): it reads
// the log from the nearest event at or below x with a kept state up to
// x, within one stretch of the log.
func (t *Table) keptFactsBefore(x *effect) *facts {
	var window []*effect // x down to the one with a state
	c := x
	for ; c != nil && c.check != nil && c.check.state == nil; c = c.down() {
		window = append(window, c)
	}
	if c == nil || c.check == nil {
		return walkFacts(t) // never for a part this build wrote
	}
	window = append(window, c)
	st, now := c.check.state, t.facts
	if now == nil && (st.done > 0 || !st.doneNil) || now != nil && st.done > now.done.Len() {
		return walkFacts(t)
	}
	f := &facts{evening: st.evening, pending: st.pending, clock: st.clock, cur: st.cur, started: st.started}
	if st.none {
		f = nil
	} else if now != nil {
		f.notes = now.notes
		if !st.doneNil {
			f.done = now.done.prefix(st.done)
		}
	}
	j := len(window) - 1
	for _, e := range t.Log.From(c.seq - 1) {
		if e.Seq >= x.seq {
			break
		}
		if e.Kind == KindUndo || t.UndoneBy(e.Seq) != 0 {
			continue
		}
		if j > 0 && window[j].seq == e.Seq {
			f = f.putBack(window[j].check, e.Game)
			j--
		}
		f = f.next(e)
	}
	e, _ := t.Entry(x.seq)
	return f.putBack(x.check, e.Game)
}

// putBack returns f with what c says an event of game n overwrote put
// back (f itself when nothing).
func (f *facts) putBack(c *factsCheck, n int) *facts {
	if c.game == nil && c.note == nil || f == nil && (c.note == nil || !c.note.ok) {
		return f // nothing to put back, or only the absence of facts
	}
	var out facts
	if f != nil {
		out = *f
	}
	if g := c.game; g != nil && n >= 1 && n <= out.done.Len() {
		out.done = out.done.with(n-1, *g)
	}
	if w := c.note; w != nil {
		out.notes = maps.Clone(out.notes)
		if w.ok {
			if out.notes == nil {
				out.notes = map[int]string{}
			}
			out.notes[w.key] = w.note
		} else {
			delete(out.notes, w.key)
			if len(out.notes) == 0 {
				out.notes = nil // no note was ever set before
			}
		}
	}
	return &out
}

// checkOf is what a part keeps of the facts before fx (see factsCheck),
// with a state when withState: fx's own if a snapshot gave it, else
// worked out from the facts it keeps.
func checkOf(t *Table, fx *effect, withState bool) *factsCheck {
	if fx.check != nil {
		return fx.check
	}
	before := fx.facts
	if before == nil {
		before = &facts{}
	}
	c := &factsCheck{}
	if withState {
		c.state = &factsState{none: fx.facts == nil, evening: before.evening, pending: before.pending, clock: before.clock, cur: before.cur,
			started: before.started, done: before.done.Len(), doneNil: before.done.isNil()}
	}
	e, _ := t.Entry(fx.seq)
	if n := e.Game; n >= 1 && n != before.cur.number && n <= before.done.Len() {
		g := before.done.at(n - 1)
		c.game = &g
	}
	key, set := 0, false
	switch e.Kind {
	case KindEveningNoted:
		key, set = eveningKey, true
	case KindGameNoted:
		var g GameNoted
		if json.Unmarshal(e.Payload, &g) == nil {
			key, set = g.Game, true
		}
	}
	if set {
		note, ok := before.notes[key]
		c.note = &noteWas{key: key, note: note, ok: ok}
	}
	return c
}

// walkFacts works the facts out from the log in effect of t, from its
// first event: what taking each in turn gives.
func walkFacts(t *Table) *facts {
	var f *facts
	for _, e := range t.Log.All() {
		if e.Kind == KindUndo || t.UndoneBy(e.Seq) != 0 {
			continue
		}
		f = f.next(e)
	}
	return f
}

// note is game n's note in effect (the evening's at eveningKey).
func (f *facts) note(n int) (string, bool) {
	if f == nil {
		return "", false
	}
	note, ok := f.notes[n]
	return note, ok
}

// The facts in a snapshot part (snapcodec.go): whole but for the games
// done before the part's first event, which the part before holds.

func (e *snapEncoder) span(s span) error {
	e.uint(s.n)
	if s.n == 0 {
		return nil
	}
	e.int64(int64(s.played))
	e.int64(int64(s.paused))
	if err := e.time(s.first); err != nil {
		return err
	}
	return e.time(s.last)
}

func (e *snapEncoder) clock(c Clock) error {
	e.uint(c.Game)
	e.bool(c.Used)
	e.bool(c.Running)
	e.int64(int64(c.Ran))
	return e.time(c.Since)
}

func (e *snapEncoder) gameFacts(g gameFacts) error {
	e.uint(g.number)
	e.bool(g.seen)
	e.bool(g.clocked)
	if err := e.span(g.times); err != nil {
		return err
	}
	return e.clock(g.clock)
}

// facts writes t's facts for a part since head from: the games done
// before the oldest game an event since from wrote to are left out (the
// reader takes them from the table the parts before made).
func (e *snapEncoder) facts(t *Table, from int) error {
	f := t.facts
	e.bool(f != nil)
	if f == nil {
		return nil
	}
	keys := slices.Sorted(maps.Keys(f.notes))
	e.count(len(keys), f.notes == nil)
	for _, k := range keys {
		e.uint(k)
		e.str(f.notes[k])
	}
	for _, s := range []span{f.evening, f.pending} {
		if err := e.span(s); err != nil {
			return err
		}
	}
	if err := e.clock(f.clock); err != nil {
		return err
	}
	if err := e.gameFacts(f.cur); err != nil {
		return err
	}
	e.uint(f.started)
	keep := 0
	if from > 0 {
		keep = f.done.Len()
		for _, le := range t.Log.From(from) {
			if le.Game > 0 {
				keep = min(keep, le.Game-1)
			}
		}
	}
	e.uint(keep)
	n := f.done.Len()
	e.count(n-keep, f.done.isNil())
	if from == 0 {
		// A base: in chunks of gameChunk games (the last one short),
		// placed as the log's chunks are (assemble); a loaded base
		// decodes its short chunk and keeps the full ones encoded
		// until read (doneList).
		for start := 0; start < n; start += gameChunk {
			enc, _, err := e.chunk(func() error {
				for i := start; i < min(start+gameChunk, n); i++ {
					if err := e.gameFacts(f.done.at(i)); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			e.doneChunks = append(e.doneChunks, chunkItem{enc: enc})
		}
		return nil
	}
	for i := keep; i < n; i++ {
		if err := e.gameFacts(f.done.at(i)); err != nil {
			return err
		}
	}
	return nil
}

func (d *snapDecoder) span() span {
	s := span{n: d.uint()}
	if s.n == 0 || d.err != nil {
		return span{}
	}
	s.played, s.paused = time.Duration(d.int64()), time.Duration(d.int64())
	s.first, s.last = d.time(), d.time()
	return s
}

func (d *snapDecoder) clock() Clock {
	c := Clock{Game: d.uint(), Used: d.bool(), Running: d.bool()}
	c.Ran = time.Duration(d.int64())
	c.Since = d.time()
	return c
}

func (d *snapDecoder) gameFacts() gameFacts {
	g := gameFacts{number: d.uint(), seen: d.bool(), clocked: d.bool()}
	g.times, g.clock = d.span(), d.clock()
	return g
}

// facts reads the facts of a part onto before, the facts of the table
// the parts before made, of a table of games games.
func (d *snapDecoder) facts(before *facts, games int) *facts {
	if !d.bool() {
		return nil
	}
	f := &facts{}
	if n, isNil := d.count(); !isNil {
		if n > len(d.b) {
			d.fail()
			return nil
		}
		f.notes = make(map[int]string, n)
		for range n {
			k := d.uint()
			f.notes[k] = d.str()
		}
	}
	f.evening, f.pending, f.clock, f.cur = d.span(), d.span(), d.clock(), d.gameFacts()
	f.started = d.uint()
	keep := d.uint()
	var n int
	var isNil bool
	if d.base { // (not bounded by the bytes left: a base's facts of games are in chunks)
		n = d.uint() - 1
		if isNil = n < 0; isNil {
			n = 0
		}
	} else {
		n, isNil = d.count()
	}
	if d.base {
		// A base's games done: its short chunk read, its full ones
		// kept encoded.
		if keep != 0 || isNil && n > 0 || len(d.doneSpans) != (n+gameChunk-1)/gameChunk {
			d.fail()
			return nil
		}
		if !isNil {
			full := n / gameChunk
			l := doneList{full: make([][]gameFacts, full), tail: []gameFacts{}}
			if full > 0 {
				l.kept = &keptDone{part: d.part, chunks: keptChunks[gameFacts](d.doneSpans[:full])}
			}
			if n%gameChunk > 0 {
				d.within(d.doneSpans[full], func() {
					for range n % gameChunk {
						l.tail = append(l.tail, d.gameFacts())
					}
				})
			}
			f.done = l
		}
	} else {
		// The games done before the part: as the parts before left
		// them (a game past their games done is their game at hand,
		// or untouched).
		var kept doneList
		if before != nil {
			kept = before.done
			if keep > kept.Len() && keep <= games {
				kept = kept.clip()
				for i := kept.Len(); i < keep; i++ {
					kept = kept.push(before.game(i + 1))
				}
			}
		}
		if keep > kept.Len() || n > len(d.b) || isNil && keep > 0 {
			d.fail()
			return nil
		}
		if !isNil {
			f.done = kept.prefix(keep)
			if f.done.isNil() {
				f.done.tail = []gameFacts{}
			}
			for range n {
				f.done = f.done.push(d.gameFacts())
			}
		}
	}
	if d.err == nil && f.done.Len() >= f.cur.number && f.cur.number > 0 {
		d.fail() // the games done come before the game at hand
	}
	return f
}

// factsCheck writes c: which of its parts it has, then each.
func (e *snapEncoder) factsCheck(c *factsCheck) error {
	flags := 0
	if c.state != nil {
		flags |= 1
	}
	if c.game != nil {
		flags |= 2
	}
	if c.note != nil {
		flags |= 4
	}
	if c.state != nil && c.state.none {
		flags |= 8
	}
	e.uint(flags)
	if st := c.state; st != nil {
		for _, s := range []span{st.evening, st.pending} {
			if err := e.span(s); err != nil {
				return err
			}
		}
		if err := e.clock(st.clock); err != nil {
			return err
		}
		if err := e.gameFacts(st.cur); err != nil {
			return err
		}
		e.uint(st.started)
		e.count(st.done, st.doneNil)
	}
	if c.game != nil {
		if err := e.gameFacts(*c.game); err != nil {
			return err
		}
	}
	if w := c.note; w != nil {
		e.uint(w.key)
		e.bool(w.ok)
		e.str(w.note)
	}
	return nil
}

func (d *snapDecoder) factsCheck() *factsCheck {
	flags := d.uint()
	if flags == 0 {
		return noCheck
	}
	if flags > 15 {
		d.fail()
		return noCheck
	}
	c := &factsCheck{}
	if flags&1 != 0 {
		st := &factsState{none: flags&8 != 0, evening: d.span(), pending: d.span(), clock: d.clock(), cur: d.gameFacts(), started: d.uint()}
		// The games done are the table's (not bounded by the bytes left).
		st.done = d.uint() - 1
		if st.done < 0 {
			st.done, st.doneNil = 0, true
		}
		c.state = st
	}
	if flags&2 != 0 {
		g := d.gameFacts()
		c.game = &g
	}
	if flags&4 != 0 {
		c.note = &noteWas{key: d.uint(), ok: d.bool(), note: d.str()}
	}
	return c
}
