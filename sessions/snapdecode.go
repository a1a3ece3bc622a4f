package sessions

// The decoder reads back sentences said before (their formats and
// arguments as stored), so the translatability check skips it:
//
//scoringtest:restores

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"tablemate/scoring"
)

// The decoder of the snapshot codec (snapcodec.go): a part read back
// onto the table the parts before it left, its log and games kept
// encoded until read.

// snapDecoder reads one part.
type snapDecoder struct {
	b []byte
	// end is where b ends in the part's body (pos).
	end   int
	err   error
	strs  []string
	lines []scoring.Line
	games []*Game
	// part is what the part's games and entries keep to read their
	// results and round points later.
	part *snapPart
	find Finder
	// engines and infos are looked up once per slug.
	engines map[string]scoring.Game
	infos   map[string]scoring.Info
	// Slices are cut from larger arrays: a long table is a few
	// allocations, not a few per event.
	lineSlab    slab[scoring.Line]
	seatSlab    slab[Seat]
	playersSlab slab[scoring.PlayerResult]
	intSlab     slab[int]
	strSlab     slab[string]
	gameSlab    slab[Game]
}

// slab hands out slices of a larger array, each capped at its length
// (appending to one copies it). Its arrays start small and double up to
// 512 elements: a part of a few events takes a few, not 512 of each.
type slab[T any] struct {
	buf  []T
	next int
}

func (s *slab[T]) take(n int) []T {
	if n > len(s.buf) || s.buf == nil { // never nil: an empty list is not a missing one
		s.next = min(max(2*s.next, 8), 512)
		s.buf = make([]T, max(n, s.next))
	}
	out := s.buf[:n:n]
	s.buf = s.buf[n:]
	return out
}

// pos is where the decoder is in the part's body.
func (d *snapDecoder) pos() int { return d.end - len(d.b) }

// spans reads n chunks each written as its length and its bytes (a kept
// log's, a kept stack's), and gives where each one's bytes are in the
// part, without reading them.
func (d *snapDecoder) spans(n int) []partSpan {
	out := make([]partSpan, n)
	for c := range out {
		size := d.uint()
		at := d.pos()
		if d.take(size); d.err != nil {
			return nil
		}
		out[c] = partSpan{uint32(at), uint32(at + size)}
	}
	return out
}

func (d *snapDecoder) fail() {
	if d.err == nil {
		d.err = errSnapshot
	}
	d.b = nil
}

func (d *snapDecoder) uint() int {
	n, k := binary.Uvarint(d.b)
	if k <= 0 || n > 1<<40 {
		d.fail()
		return 0
	}
	d.b = d.b[k:]
	return int(n)
}

func (d *snapDecoder) int() int { return int(d.int64()) }

func (d *snapDecoder) int64() int64 {
	n, k := binary.Varint(d.b)
	if k <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[k:]
	return n
}

func (d *snapDecoder) bool() bool {
	if len(d.b) == 0 || d.b[0] > 1 {
		d.fail()
		return false
	}
	v := d.b[0] == 1
	d.b = d.b[1:]
	return v
}

// count reads a slice's length and whether it is nil; the length is
// bounded by what is left to read (every element takes a byte or more).
func (d *snapDecoder) count() (n int, isNil bool) {
	c := d.uint()
	if c == 0 {
		return 0, true
	}
	if c-1 > len(d.b) {
		d.fail()
		return 0, true
	}
	return c - 1, false
}

// take reads n bytes in place (capped, so appending copies them).
func (d *snapDecoder) take(n int) []byte {
	if n < 0 || n > len(d.b) {
		d.fail()
		return nil
	}
	out := d.b[:n:n]
	d.b = d.b[n:]
	return out
}

func (d *snapDecoder) bytes() []byte {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	return d.take(n)
}

func (d *snapDecoder) str() string {
	i := d.uint()
	if i >= len(d.strs) {
		d.fail()
		return ""
	}
	return d.strs[i]
}

func (d *snapDecoder) strList() []string {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	out := d.strSlab.take(n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *snapDecoder) time() time.Time {
	var t time.Time
	if b := d.bytes(); d.err == nil && t.UnmarshalBinary(b) != nil {
		d.fail()
	}
	return t
}

// engine reads an engine's slug and finds it, with its Info (nil and
// the zero Info for none). A game's Info is the same value for every
// game of it (its slices are read, never changed).
func (d *snapDecoder) engine() (scoring.Game, scoring.Info) {
	if d.uint() == 0 {
		return nil, scoring.Info{}
	}
	slug := d.str()
	if g, ok := d.engines[slug]; ok {
		return g, d.infos[slug]
	}
	g, ok := d.find(slug)
	if !ok {
		d.err = fmt.Errorf("%w: no game %q", errSnapshot, slug)
		d.b = nil
		return nil, scoring.Info{}
	}
	d.engines[slug] = g
	d.infos[slug] = g.Info()
	return g, d.infos[slug]
}

func (d *snapDecoder) phrase(depth int) scoring.Phrase {
	format, one, none := d.str(), d.str(), d.str()
	args := d.args(depth)
	if one != "" { // a count: its first argument is the count
		if len(args) >= 1 {
			if n, ok := args[0].(int); ok {
				c := scoring.Count(n, one, format, args[1:]...)
				if none != "" {
					c = c.None(none)
				}
				return c
			}
		}
		d.fail()
		return scoring.Phrase{}
	}
	if none != "" { // only a count has a form for none
		d.fail()
		return scoring.Phrase{}
	}
	if args == nil {
		return scoring.Phrasef(format)
	}
	return scoring.Phrasef(format, args...)
}

func (d *snapDecoder) args(depth int) []any {
	n, isNil := d.count()
	if isNil || depth > 16 {
		if depth > 16 {
			d.fail()
		}
		return nil
	}
	out := make([]any, n)
	for i := range out {
		switch d.uint() {
		case argInt:
			out[i] = d.int()
		case argName:
			out[i] = scoring.Name(d.str())
		case argNames:
			out[i] = d.strList()
		case argPhrase:
			out[i] = d.phrase(depth + 1)
		case argTerms:
			out[i] = scoring.Terms(d.args(depth + 1))
		case argString:
			out[i] = d.str()
		case argInt64:
			out[i] = int64(d.int())
		case argFloat:
			if b := d.take(8); d.err == nil {
				out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b))
			}
		case argBool:
			out[i] = d.bool()
		case argNil:
			out[i] = nil
		default:
			d.fail()
		}
		if d.err != nil {
			return nil
		}
	}
	return out
}

func (d *snapDecoder) lineList() []scoring.Line {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	out := d.lineSlab.take(n)
	for i := range out {
		k := d.uint()
		if k >= len(d.lines) {
			d.fail()
			return nil
		}
		out[i] = d.lines[k]
	}
	return out
}

func (d *snapDecoder) violations() []scoring.Violation {
	n, isNil := d.count()
	if isNil {
		return nil
	}
	out := make([]scoring.Violation, n)
	for i := range out {
		out[i] = scoring.Violation{Code: d.str(), Player: d.str(), Rule: d.str(), Message: d.str(), Phrase: d.phrase(0)}
	}
	return out
}

func (d *snapDecoder) result() scoring.Result {
	r := scoring.Result{Game: d.str(), Valid: d.bool(), GameOver: d.bool(), Violations: d.violations(), Warnings: d.violations()}
	if n, isNil := d.count(); !isNil {
		r.Players = d.playersSlab.take(n)
		for i := range r.Players {
			p := &r.Players[i]
			p.Name, p.Total, p.Breakdown = d.str(), d.int(), d.lineList()
			if n, isNil := d.count(); !isNil {
				p.Rounds = d.intSlab.take(n)
				for k := range p.Rounds {
					p.Rounds[k] = d.int()
				}
			}
		}
	}
	r.Winners, r.TieBreak, r.TieBreakPhrase = d.strList(), d.str(), d.phrase(0)
	return r
}

// game reads a reference into the pool of games: a copy of the game.
func (d *snapDecoder) game() *Game {
	g := d.pooled()
	if g == nil {
		return nil
	}
	c := &d.gameSlab.take(1)[0]
	*c = *g
	return c
}

// pooled reads a reference into the pool of games: the game in the pool
// (to be copied by the caller; the pool is dropped after the part).
func (d *snapDecoder) pooled() *Game {
	i := d.uint()
	if i == 0 {
		return nil
	}
	if i > len(d.games) {
		d.fail()
		return nil
	}
	return d.poolAt(i - 1)
}

// poolAt is game i of the pool, decoded on first use (the pool is
// scanned, not decoded, when the part is read: a base's older games stay
// encoded until a page reads them, keptGames).
func (d *snapDecoder) poolAt(i int) *Game {
	if g := d.games[i]; g != nil {
		return g
	}
	g := &d.gameSlab.take(1)[0]
	if err := d.poolGameAt(i, g); err != nil {
		d.err, d.b = err, nil
		return nil
	}
	d.games[i] = g
	return g
}

// poolGameAt decodes game i of the part's pool into g, from where the
// part's scan found it (the pool's games read on demand: poolAt, a kept
// log's entries, keptGames), with d's engines.
func (d *snapDecoder) poolGameAt(i int, g *Game) error {
	if i >= len(d.part.results) || int(d.part.results[i].game) > len(d.part.body) {
		return errSnapshot
	}
	gd := snapDecoder{b: d.part.body[d.part.results[i].game:], end: len(d.part.body), strs: d.part.strs, lines: d.part.lines, part: d.part,
		find: d.find, engines: d.engines, infos: d.infos}
	gd.poolGame(i, g, false)
	return gd.err
}

// scanPoolGame notes where game i of the pool and its result are in the
// part, reading through it to end (where the next game starts) without
// decoding it.
func (d *snapDecoder) scanPoolGame(i, end int) {
	lr := &d.part.results[i]
	lr.game = uint32(d.pos())
	d.uint() // its number
	if d.uint() != 0 {
		d.uint() // its engine's slug
	}
	d.uint()  // its seq
	d.bytes() // its state
	n := d.uint()
	at := d.pos()
	if d.take(n); d.err != nil || len(d.b) < end {
		d.fail()
		return
	}
	lr.at, lr.end = uint32(at), uint32(at+n)
	d.take(len(d.b) - end)
}

// poolGame reads game i of the pool into g; its result stays encoded in
// the part (Game.Result reads it).
func (d *snapDecoder) poolGame(i int, g *Game, loading bool) {
	if loading {
		d.part.results[i].game = uint32(d.pos())
	}
	g.Number = d.uint()
	g.engine, g.Info = d.engine()
	g.Seq, g.State = d.uint(), d.bytes()
	n := d.uint()
	at := d.pos()
	if d.take(n); d.err == nil {
		if loading {
			d.part.results[i].at, d.part.results[i].end = uint32(at), uint32(at+n)
		}
		g.lazy = resultRef{part: d.part, i: uint32(i)}
	}
	g.Record = d.record()
	g.Corrected, g.Settled, g.Unfinished, g.Err = d.bool(), d.bool(), d.bool(), d.str()
	if d.bool() {
		var imp GameImported
		if err := json.Unmarshal(d.bytes(), &imp); err != nil {
			d.fail()
		}
		g.Imported = &imp
	}
	g.rounds = d.uint()
}

func (d *snapDecoder) record() GameRecord {
	r := GameRecord{Number: d.uint(), Game: d.str(), Sheet: d.str(), Kind: d.str(), Status: GameStatus(d.str()),
		Settled: d.bool(), Over: d.bool(), Unfinished: d.bool(), Counted: d.bool(), LowestWins: d.bool(),
		Rule: RankRule(d.str()), Corrected: d.bool(), Rounds: d.int(), Violations: d.int(), Warnings: d.int()}
	if n, isNil := d.count(); !isNil {
		r.Seats = d.seatSlab.take(n)
		for i := range r.Seats {
			st := &r.Seats[i]
			st.Name, st.Score, st.Place, st.Won, st.Tied = d.str(), d.int(), d.int(), d.bool(), d.int()
		}
	}
	r.Winners = d.strList()
	return r
}

func (d *snapDecoder) play() *Play {
	if !d.bool() {
		return nil
	}
	p := &Play{Setup: d.bytes()}
	if n, isNil := d.count(); !isNil {
		p.Steps = make([]json.RawMessage, n)
		for i := range p.Steps {
			p.Steps[i] = d.bytes()
		}
	}
	p.StartSeq, p.Players = d.uint(), d.strList()
	return p
}

// decodePart applies part to t, the table as the parts before it left
// it (the zero Table before a base), and returns the head it was made
// at. A part that does not follow t, or that is not whole, is an error.
func decodePart(t *Table, part []byte, find Finder) error {
	return decodeOnto(t, part, find, false)
}

// decodeOnto is decodePart; with owned set, t's log and games are arrays
// only the caller's loading of parts made and sees (loadSnapshot), so the
// part's events are appended to the log in place and its games put in
// place, not both copied whole per part: a table loaded from a base and
// 60 parts costs about what one base does. The caller must drop t when a
// part is refused (it may hold some of that part).
func decodeOnto(t *Table, part []byte, find Finder, owned bool) (err error) {
	defer func() {
		if r := recover(); r != nil { // a bound missed: unreadable, never a crash
			err = fmt.Errorf("%w: %v", errSnapshot, r)
		}
	}()
	if len(part) < len(snapMagic)+5 || string(part[:len(snapMagic)]) != snapMagic || part[len(snapMagic)] != 0 {
		return fmt.Errorf("%w: not a snapshot", errSnapshot)
	}
	body, sum := part[:len(part)-4], binary.LittleEndian.Uint32(part[len(part)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return fmt.Errorf("%w: its checksum does not match", errSnapshot)
	}
	start := body[len(snapMagic)+1:]
	if len(start) > math.MaxUint32 {
		return fmt.Errorf("%w: a part over 4 GB", errSnapshot)
	}
	d := &snapDecoder{b: start, end: len(start), find: find, engines: map[string]scoring.Game{}, infos: map[string]scoring.Info{}}
	if v := d.uint(); v != snapshotVersion {
		return fmt.Errorf("%w: version %d", errSnapshot, v)
	}
	d.take(d.uint()) // the build that made it
	n := d.uint()
	if n > len(d.b) {
		return errSnapshot
	}
	d.strs = make([]string, n)
	for i := range d.strs {
		d.strs[i] = string(d.take(d.uint()))
	}
	if n = d.uint(); n > len(d.b) {
		return errSnapshot
	}
	d.lines = make([]scoring.Line, n)
	for i := range d.lines {
		label, points := d.str(), d.int()
		d.lines[i] = scoring.Line{Label: label, Points: points, Phrase: d.phrase(0)}
	}
	if n = d.uint(); n > len(d.b) {
		return errSnapshot
	}
	d.games = make([]*Game, n)
	d.part = &snapPart{body: start, strs: d.strs, lines: d.lines, results: make([]lazyResult, n)}
	for i := range d.games {
		size := d.uint()
		if size > len(d.b) {
			d.fail()
			break
		}
		d.scanPoolGame(i, len(d.b)-size)
	}
	if d.err != nil {
		return d.err
	}

	from, head := d.uint(), d.uint()
	if from != t.Head || head < from || (from == 0) != (t.Log.Len() == 0) {
		return fmt.Errorf("%w: a part from %d after the table at %d", errSnapshot, from, t.Head)
	}
	// How many games there are (not bounded by the bytes left: a part
	// since an earlier head holds only the games that changed).
	nGames, isNil := d.uint()-1, false
	if nGames < 0 {
		nGames, isNil = 0, true
	}
	var games GameList
	base := false // a base's games, kept in its pool (keptGames)
	if !isNil {
		if nGames > t.Games.Len()+head-from {
			return errSnapshot
		}
		switch {
		case from == 0 && baseInPool(d, nGames, len(d.games)):
			// A base writes its games first into the pool, in order:
			// the table's full chunks stay encoded there (keptGames),
			// the newest games are decoded (the list below names each
			// game as its own place: read through).
			games = d.keptGames(nGames)
			base = true
		case nGames <= t.Games.Len():
			games = t.Games.prefix(nGames)
		case owned:
			games = t.Games
		default:
			games = t.Games.clip() // appended to: t's versions may append too
		}
		for games.Len() < nGames {
			games.append(Game{})
		}
		if games.isNil() {
			games.tail = []Game{}
		}
	}
	// A base's games, and those of a loader that owns t, are written in
	// place (a base's table is empty: its games are the pool's or made
	// here); otherwise a game's chunk is copied before it is written
	// (t's versions still show it).
	inPlace := owned || from == 0
	ownTail := inPlace
	changed := d.uint()
	for range changed {
		i := d.uint()
		if base { // game i is pool game i (baseInPool), in its place
			d.uint()
			continue
		}
		g := d.pooled()
		if i >= games.Len() || g == nil {
			return errSnapshot
		}
		ownTail = games.put(i, *g, ownTail, inPlace)
	}
	for i := range games.Len() {
		if c := i / gameChunk; c < len(games.full) && games.full[c] == nil {
			continue // kept encoded: its games are the pool's, by number (keptGames.decodeChunk)
		}
		if games.at(i).Number != i+1 {
			return fmt.Errorf("%w: game %d is missing", errSnapshot, i+1)
		}
	}

	events := d.uint()
	per := d.uint()
	if events != head-from || events > len(d.b) || per < 1 {
		return errSnapshot
	}
	var log Log
	if from == 0 {
		// A base: its entries stay encoded in the part, chunk by
		// chunk, until one is read (Log.At).
		if (events+per-1)/per > len(d.b) {
			return errSnapshot
		}
		spans := d.spans((events + per - 1) / per)
		if d.err != nil {
			return d.err
		}
		k := &keptLog{n: events, per: per, part: d.part, head: head, find: find, chunks: keptChunks[LogEntry](spans)}
		if events > 0 {
			// The table's first event (read without its chunk).
			peek := snapDecoder{b: d.part.body[k.chunks[0].at:k.chunks[0].end], strs: d.strs}
			if Kind(peek.str()) != KindTableCreated || peek.err != nil {
				return errSnapshot
			}
			log.kept = k
		}
		log.entries = make([]LogEntry, 0, 64)
	} else {
		log.kept = t.Log.kept
		if owned {
			log.entries = slices.Grow(t.Log.entries, events)
		} else {
			log.entries = make([]LogEntry, len(t.Log.entries), len(t.Log.entries)+events+64)
			copy(log.entries, t.Log.entries)
		}
		undone := make([]atomic.Int64, events)
		var undos [][2]int
		for seq := from + 1; seq <= head; seq++ {
			if (seq-from-1)%per == 0 {
				d.uint() // the chunk's length: read through
			}
			le, u := d.entry(seq, head, &undone[seq-from-1], false)
			if d.err != nil {
				return d.err
			}
			if le.Kind == KindUndo && u <= from {
				undos = append(undos, [2]int{u, seq})
			}
			log.append(le)
		}
		// Which event of the parts before each undo took back (those of
		// this part's events are written with them).
		for _, u := range undos {
			taken := log.At(u[0] - 1)
			if taken.undone == nil {
				return errSnapshot
			}
			taken.undone.Store(int64(u[1]))
		}
	}

	// The events in effect: the bottom kept of the stack the parts
	// before left (shared: an effect is never changed), then the ones
	// pushed since, oldest first, in chunks. A base keeps its chunks
	// encoded and decodes its newest one, the table's top (stack.go).
	kept, fresh := d.uint(), d.uint()
	if kept > t.depth || fresh > events || from == 0 && kept != 0 || (fresh+per-1)/per > len(d.b)+1 {
		return errSnapshot
	}
	top := t.effect
	for range t.depth - kept {
		top = top.down()
	}
	if from == 0 && fresh > 0 {
		spans := d.spans((fresh + per - 1) / per)
		if d.err != nil {
			return d.err
		}
		k := &keptStack{n: fresh, per: per, part: d.part, find: find, chunks: keptChunks[effect](spans)}
		// The newest chunk, read now: the events in it follow each
		// other up to the head.
		newest := k.chunk(len(k.chunks) - 1)
		for j, fx := range newest {
			if fx.seq < 2 || fx.seq > head || j > 0 && fx.seq <= newest[j-1].seq {
				return errSnapshot
			}
		}
		top = &newest[len(newest)-1]
	} else {
		pushed := make([]effect, fresh)
		for i := range pushed {
			if i%per == 0 {
				d.uint() // the chunk's length: read through
			}
			fx := &pushed[i]
			d.effect(fx, false)
			if d.err != nil {
				return d.err
			}
			if fx.seq <= from || fx.seq > head || top != nil && fx.seq <= top.seq {
				return errSnapshot
			}
			fx.next, top = top, fx
		}
	}

	next := Table{Key: t.Key, Log: log, Games: games, effect: top, depth: kept + fresh, find: find, Head: head}
	next.engine, next.Info = d.engine()
	if next.engine == nil {
		d.fail()
	}
	if key := d.str(); from > 0 && key != t.Key {
		return errSnapshot
	} else {
		next.Key = key
	}
	next.Name, next.Options, next.Opened, next.First, next.Players = d.str(), d.bytes(), d.str(), d.str(), d.strList()
	next.Created, next.Play = d.time(), d.play()
	if err := json.Unmarshal(d.bytes(), &next.tally); err != nil {
		d.fail()
	}
	next.bytes = d.uint()
	next.facts = d.facts(t.facts, owned, games.Len())
	if d.err != nil {
		return d.err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d bytes left over", errSnapshot, len(d.b))
	}
	if head > 0 && (next.Log.Len() != head || next.Log.kept == nil && next.Log.At(0).Kind != KindTableCreated) {
		return errSnapshot
	}
	*t = next
	return nil
}

// entry reads log entry seq of a part made at head, with undone as the
// mark an undo of it sets, and the event it undoes if it is an undo.
// fresh reads the game the entry left from the part's bytes, not as a
// copy of the pool's, which a later part applied in place may have
// replaced (a kept log's chunk is read after those).
func (d *snapDecoder) entry(seq, head int, undone *atomic.Int64, fresh bool) (le LogEntry, undoes int) {
	le = LogEntry{Event: Event{Seq: seq, Kind: Kind(d.str()), Payload: d.bytes(), At: d.time()}}
	le.Game, le.Round, le.Move = d.uint(), d.uint(), d.uint()
	if fresh {
		le.After = d.freshGame()
	} else {
		le.After = d.game()
	}
	// The round's points stay encoded in the part (LogEntry.Points).
	if n := d.uint(); n > 0 {
		at := d.pos()
		if d.take(n); d.err == nil {
			le.lazy = pointsRef{part: d.part, at: uint32(at), end: uint32(at + n)}
		}
	}
	le.opened = d.bool()
	le.engine, _ = d.engine()
	if undoes = d.uint(); le.Kind == KindUndo && (undoes < 1 || undoes >= seq) {
		d.fail()
	}
	if d.bool() {
		by := d.uint()
		if by != 0 && (by <= seq || by > head) {
			d.fail()
		}
		undone.Store(int64(by))
		le.undone = undone
	}
	return le, undoes
}

// keptGames is a base's n games as a list: its full chunks kept encoded
// in the part's pool (game i is pool game i), its newest games decoded.
func (d *snapDecoder) keptGames(n int) GameList {
	full := n / gameChunk
	l := GameList{full: make([][]Game, full), tail: make([]Game, 0, gameChunk)}
	if full > 0 {
		l.kept = &keptGames{part: d.part, find: d.find, chunks: make([]keptChunk[Game], full)}
	}
	for i := full * gameChunk; i < n; i++ {
		if g := d.poolAt(i); g != nil {
			l.tail = append(l.tail, *g)
		}
	}
	return l
}

// decodeChunk reads the games of chunk c from the part's pool. They do
// not fail to read after a part whose checksum matched, as every loaded
// one did; if one did, it would be a game of its number and nothing
// else.
func (k *keptGames) decodeChunk(c int) []Game {
	out := make([]Game, gameChunk)
	d := snapDecoder{part: k.part, find: k.find, engines: map[string]scoring.Game{}, infos: map[string]scoring.Info{}}
	for j := range out {
		i := c*gameChunk + j
		if g := &out[j]; d.poolGameAt(i, g) != nil || g.Number != i+1 {
			*g = Game{Number: i + 1}
		}
	}
	return out
}

// freshGame reads a reference into the pool of games and decodes that
// game from the part's bytes (nil for none).
func (d *snapDecoder) freshGame() *Game {
	i := d.uint()
	if i == 0 {
		return nil
	}
	g := &d.gameSlab.take(1)[0]
	if err := d.poolGameAt(i-1, g); err != nil {
		d.err, d.b = err, nil
	}
	return g
}

// decodeChunk reads the n entries of a kept log's chunk from enc, the
// first of them entry first (seq first+1). They do not fail to read
// after a part whose checksum matched, as every loaded one did; if they
// did, each would be an entry of its seq and nothing else.
func (k *keptLog) decodeChunk(first, n int, enc []byte, end int) []LogEntry {
	d := &snapDecoder{b: enc, end: end, strs: k.part.strs, lines: k.part.lines, part: k.part, find: k.find,
		engines: map[string]scoring.Game{}, infos: map[string]scoring.Info{}}
	out := make([]LogEntry, n)
	undone := make([]atomic.Int64, n)
	for j := range out {
		out[j], _ = d.entry(first+j+1, k.head, &undone[j], true)
	}
	if d.err != nil || len(d.b) != 0 {
		for j := range out {
			out[j] = LogEntry{Event: Event{Seq: first + j + 1}}
		}
	}
	return out
}

// snapPart is what the games and entries a part gave keep to read their
// results and round points when they are first asked for: the part's
// bytes (from its version on; its checksum covered them when it was
// loaded), its strings and lines, and where each game of its pool has
// its result, with the result once read.
type snapPart struct {
	body    []byte
	strs    []string
	lines   []scoring.Line
	results []lazyResult
}

// lazyResult is where a pooled game's result is in its part, body[at:end],
// and the result once read.
type lazyResult struct {
	// game is where the game itself starts (a kept log's chunk reads
	// the games its entries left from there).
	game    uint32
	at, end uint32
	read    atomic.Pointer[scoring.Result]
}

// resultRef is a loaded game's result: game i of its part's pool.
type resultRef struct {
	part *snapPart
	i    uint32
}

// decode reads the result r refers to, once (read again only by
// goroutines that ask at the same time); the zero Result if it does not
// read (never after a part whose checksum matched, as every loaded one
// did).
func (r resultRef) decode() scoring.Result {
	if int(r.i) >= len(r.part.results) {
		return scoring.Result{}
	}
	lr := &r.part.results[r.i]
	if res := lr.read.Load(); res != nil {
		return *res
	}
	if int(lr.end) > len(r.part.body) || lr.at > lr.end {
		return scoring.Result{}
	}
	d := &snapDecoder{b: r.part.body[lr.at:lr.end], strs: r.part.strs, lines: r.part.lines}
	res := d.result()
	if d.err != nil || len(d.b) != 0 {
		return scoring.Result{}
	}
	lr.read.Store(&res)
	return res
}

// pointsRef is where an entry's round points are in its part: the bytes
// body[at:end].
type pointsRef struct {
	part    *snapPart
	at, end uint32
}

// decode reads the round points r refers to; nil if they do not read
// (never after a part whose checksum matched, as every loaded one did).
func (r pointsRef) decode() []RoundPoints {
	if int(r.end) > len(r.part.body) || r.at > r.end {
		return nil
	}
	d := &snapDecoder{b: r.part.body[r.at:r.end], strs: r.part.strs, lines: r.part.lines}
	n, isNil := d.count()
	if isNil {
		return nil
	}
	out := make([]RoundPoints, n)
	for i := range out {
		p := &out[i]
		p.Name, p.Points = d.str(), d.int()
		if d.uint() == 0 {
			p.Lines = d.lineList()
			continue
		}
		// Where the game held them (shared, capped).
		// (Their count is written as a list's, but not bounded by the
		// bytes left: the lines are not in them.)
		ref, player, at, n := d.uint(), d.uint(), d.uint(), d.uint()-1
		if d.err != nil || n < 0 || ref >= len(r.part.results) {
			return nil
		}
		players := resultRef{part: r.part, i: uint32(ref)}.decode().Players
		if player >= len(players) {
			return nil
		}
		b := players[player].Breakdown
		if at+n > len(b) {
			return nil
		}
		p.Lines = b[at : at+n : at+n]
	}
	if d.err != nil || len(d.b) != 0 {
		return nil
	}
	return out
}

// baseInPool reports whether the games list d is at (after its count of
// games) names game i as pool game i for every i < n, as a base writes it.
func baseInPool(d *snapDecoder, n, pooled int) bool {
	peek := snapDecoder{b: d.b}
	if peek.uint() != n || n > pooled {
		return false
	}
	for k := range n {
		if peek.uint() != k || peek.uint() != k+1 {
			return false
		}
	}
	return peek.err == nil
}

// partHeader reads the version and build a part was made by.
func partHeader(part []byte) (version int, build string, ok bool) {
	if len(part) < len(snapMagic)+1 || string(part[:len(snapMagic)]) != snapMagic {
		return 0, "", false
	}
	d := &snapDecoder{b: part[len(snapMagic)+1:]}
	version = d.uint()
	build = string(d.take(d.uint()))
	return version, build, d.err == nil
}
