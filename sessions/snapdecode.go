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
	// base is set while a base is read; doneSpans are where its games'
	// facts are, in chunks.
	base      bool
	doneSpans []partSpan
	find      Finder
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

// within reads the part's bytes at sp with f, as the bytes d reads:
// f must read all of them.
func (d *snapDecoder) within(sp partSpan, f func()) {
	b, end := d.b, d.end
	d.b, d.end = d.part.span(sp.at, sp.end), int(sp.end)
	f()
	if d.err == nil && len(d.b) != 0 {
		d.fail()
	}
	if d.err != nil {
		d.b, d.end = nil, end
		return
	}
	d.b, d.end = b, end
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

// poolAt is game i of the pool, decoded on first use (the part's index
// says where each game is; none is decoded when the part is read: a
// base's older games stay encoded until a page reads them, keptGames).
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
// part's index says it is (the pool's games read on demand: poolAt, a
// kept log's entries, keptGames), with d's engines.
func (d *snapDecoder) poolGameAt(i int, g *Game) error {
	if i >= len(d.part.results) || int(d.part.results[i].game) > d.part.size() {
		return errSnapshot
	}
	b, end := d.part.from(d.part.results[i].game)
	gd := snapDecoder{b: b, end: end, strs: d.part.strs, lines: d.part.lines, part: d.part,
		find: d.find, engines: d.engines, infos: d.infos}
	gd.poolGame(i, g)
	return gd.err
}

// poolGame reads game i of the pool into g; its result stays encoded in
// the part (Game.Result reads it).
func (d *snapDecoder) poolGame(i int, g *Game) {
	g.Number = d.uint()
	g.engine, g.Info = d.engine()
	g.Seq, g.State = d.uint(), d.bytes()
	if d.take(d.uint()); d.err == nil { // its result: where the part's index says
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
	return decodeFetching(t, part, find, owned, nil)
}

// partFront is the length of the header before a part's version: its
// magic, a zero, and the length of its front.
const partFront = len(snapMagic) + 1 + 4

// splitPart cuts a part as encodePart writes it into its front and its
// rest (none for a part since an earlier head), as the database keeps
// them; ok false when it is no part.
func splitPart(part []byte) (front, rest []byte, ok bool) {
	if len(part) < partFront+4 || string(part[:len(snapMagic)]) != snapMagic || part[len(snapMagic)] != 0 {
		return nil, nil, false
	}
	n := int(binary.LittleEndian.Uint32(part[len(snapMagic)+1:]))
	if n < partFront+4 || n > len(part) {
		return nil, nil, false
	}
	return part[:n], part[n:], true
}

// decodeFetching is decodeOnto for a part whose rest is not in part (its
// front only, as loadSnapshot reads it): src reads the rest from the
// database when a page first reads a chunk or game it holds.
func decodeFetching(t *Table, part []byte, find Finder, owned bool, src *restSource) (err error) {
	defer func() {
		if r := recover(); r != nil { // a bound missed: unreadable, never a crash
			if cr, ok := r.(*coldReadError); ok {
				err = cr
				return
			}
			err = fmt.Errorf("%w: %v", errSnapshot, r)
		}
	}()
	front, rest, ok := splitPart(part)
	if !ok {
		return fmt.Errorf("%w: not a snapshot", errSnapshot)
	}
	body, sum := front[:len(front)-4], binary.LittleEndian.Uint32(front[len(front)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return fmt.Errorf("%w: its checksum does not match", errSnapshot)
	}
	start := body[partFront:]
	if len(start) > math.MaxUint32/2 {
		return fmt.Errorf("%w: a part over 2 GB", errSnapshot)
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
	// Where every game of the pool and every chunk is: in the front
	// (its hot games and chunks, which follow), or in the rest.
	if n = d.uint(); n > len(d.b) {
		return errSnapshot
	}
	d.games = make([]*Game, n)
	d.part = &snapPart{body: start, cut: len(start), strs: d.strs, lines: d.lines, results: make([]lazyResult, n)}
	type placed struct {
		hot  bool
		size int
	}
	pool := make([]placed, n)
	resAt := make([][2]int, n)
	for i := range pool {
		pool[i] = placed{d.bool(), d.uint()}
		resAt[i] = [2]int{d.uint(), d.uint()}
		if resAt[i][0]+resAt[i][1] > pool[i].size {
			d.fail()
		}
	}
	var chunks [3][]placed // the log's, the stack's, the games' facts
	for k := range chunks {
		if n = d.uint(); n > len(d.b) {
			return errSnapshot
		}
		chunks[k] = make([]placed, n)
		for c := range chunks[k] {
			chunks[k][c] = placed{d.bool(), d.uint()}
		}
	}
	restLen := d.uint()
	restSum := binary.LittleEndian.Uint32(d.take(4))
	if d.err != nil || restLen > math.MaxUint32/2 {
		return errSnapshot
	}
	hot, cold := d.pos(), len(start)
	at := func(p placed) partSpan {
		c := &cold
		if p.hot {
			c = &hot
		}
		s := partSpan{uint32(*c), uint32(*c + p.size)}
		*c += p.size
		return s
	}
	for i, p := range pool {
		s := at(p)
		d.part.results[i] = lazyResult{game: s.at, at: s.at + uint32(resAt[i][0]), end: s.at + uint32(resAt[i][0]+resAt[i][1])}
	}
	var spans [3][]partSpan
	for k := range chunks {
		spans[k] = make([]partSpan, len(chunks[k]))
		for c, p := range chunks[k] {
			spans[k][c] = at(p)
		}
	}
	if cold-len(start) != restLen || hot > len(start) {
		return errSnapshot
	}
	d.take(hot - d.pos()) // the front's games and chunks: read where they are
	d.part.restLen, d.part.restSum = restLen, restSum
	switch {
	case len(rest) > 0 || restLen == 0: // a part read whole (tests, a check), or one without a rest
		if len(rest) != restLen || crc32.Checksum(rest, castagnoli) != restSum {
			return fmt.Errorf("%w: its rest does not match", errSnapshot)
		}
		d.part.rest.Store(&rest)
	case src != nil:
		d.part.src = src
	default:
		return fmt.Errorf("%w: its rest is missing", errSnapshot)
	}
	if d.err != nil {
		return d.err
	}

	from, head := d.uint(), d.uint()
	d.base, d.doneSpans = from == 0, spans[2]
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
	if events != head-from || per < 1 || len(spans[0]) != (events+per-1)/per {
		return errSnapshot
	}
	var log Log
	if from == 0 {
		// A base: its entries stay encoded in the part, chunk by
		// chunk, until one is read (Log.At).
		k := &keptLog{n: events, per: per, part: d.part, head: head, find: find, chunks: keptChunks[LogEntry](spans[0])}
		if events > 0 {
			log.kept = k
		}
		if events > 0 && int(k.chunks[0].end) <= d.part.cut {
			// The table's first event (read without its chunk, when
			// the front holds it).
			peek := snapDecoder{b: d.part.body[k.chunks[0].at:k.chunks[0].end], strs: d.strs}
			if Kind(peek.str()) != KindTableCreated || peek.err != nil {
				return errSnapshot
			}
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
		for c, sp := range spans[0] {
			d.within(sp, func() {
				for seq := from + 1 + c*per; seq <= min(from+(c+1)*per, head); seq++ {
					le, u := d.entry(seq, head, &undone[seq-from-1], false)
					if d.err != nil {
						return
					}
					if le.Kind == KindUndo && u <= from {
						undos = append(undos, [2]int{u, seq})
					}
					log.append(le)
				}
			})
			if d.err != nil {
				return d.err
			}
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
	if kept > t.depth || fresh > events || from == 0 && kept != 0 || len(spans[1]) != (fresh+per-1)/per {
		return errSnapshot
	}
	top := t.effect
	for range t.depth - kept {
		top = top.down()
	}
	if from == 0 && fresh > 0 {
		k := &keptStack{n: fresh, per: per, part: d.part, find: find, chunks: keptChunks[effect](spans[1])}
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
		for c, sp := range spans[1] {
			d.within(sp, func() {
				for i := c * per; i < min((c+1)*per, fresh); i++ {
					fx := &pushed[i]
					d.effect(fx, false)
					if d.err != nil {
						return
					}
					if fx.seq <= from || fx.seq > head || top != nil && fx.seq <= top.seq {
						d.fail()
						return
					}
					fx.next, top = top, fx
				}
			})
			if d.err != nil {
				return d.err
			}
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
	next.facts = d.facts(t.facts, games.Len())
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
	// body is the part's front from its version on; its rest follows it
	// (at cut on: a chunk or game there is at its place in body and rest
	// one after the other).
	body    []byte
	cut     int
	strs    []string
	lines   []scoring.Line
	results []lazyResult
	restOf
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
	if int(lr.end) > r.part.size() || lr.at > lr.end {
		return scoring.Result{}
	}
	d := &snapDecoder{b: r.part.span(lr.at, lr.end), strs: r.part.strs, lines: r.part.lines}
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
	if int(r.end) > r.part.size() || r.at > r.end {
		return nil
	}
	d := &snapDecoder{b: r.part.span(r.at, r.end), strs: r.part.strs, lines: r.part.lines}
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
	if len(part) < partFront || string(part[:len(snapMagic)]) != snapMagic {
		return 0, "", false
	}
	d := &snapDecoder{b: part[partFront:]}
	version = d.uint()
	build = string(d.take(d.uint()))
	return version, build, d.err == nil
}
