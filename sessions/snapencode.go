package sessions

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"math"
	"reflect"
	"slices"
	"time"

	"tablemate/scoring"
)

// The encoder of the snapshot codec (snapcodec.go): a table written as
// one part.

// snapEncoder writes one part.
type snapEncoder struct {
	body    []byte
	strs    map[string]int
	strList []string
	lines   map[string]int
	lineBuf []byte // the lines table, encoded
	nLines  int
	games   map[string]int
	// pool is the game pool, each game encoded, and chunks the log's and
	// the stack's chunks: where each goes (the part's front or its rest)
	// is decided once all are written (assemble).
	pool                               []poolItem
	logChunks, stackChunks, doneChunks []chunkItem
	// refs collects the pool games a chunk refers to while it is
	// written (nil while no chunk is).
	refs *[]int
	// scratch holds a line, a game, its result and a round's points
	// while they are encoded (a game holds a result, a result and points
	// hold lines, a line nothing).
	lineScratch, gameScratch, pointsScratch, resultScratch, chunkScratch []byte
	// slugs are the engines' slugs, asked once per engine.
	slugs map[any]string
}

func newSnapEncoder() *snapEncoder {
	return &snapEncoder{strs: map[string]int{}, lines: map[string]int{}, games: map[string]int{}, slugs: map[any]string{}}
}

func (e *snapEncoder) str(s string) {
	i, ok := e.strs[s]
	if !ok {
		i = len(e.strList)
		e.strs[s] = i
		e.strList = append(e.strList, s)
	}
	e.body = binary.AppendUvarint(e.body, uint64(i))
}

func (e *snapEncoder) uint(n int)    { e.body = binary.AppendUvarint(e.body, uint64(n)) }
func (e *snapEncoder) int(n int)     { e.body = binary.AppendVarint(e.body, int64(n)) }
func (e *snapEncoder) int64(n int64) { e.body = binary.AppendVarint(e.body, n) }
func (e *snapEncoder) bool(b bool) {
	if b {
		e.body = append(e.body, 1)
	} else {
		e.body = append(e.body, 0)
	}
}

// count writes a slice's length, 0 for nil: nil and empty differ (an
// empty list is [] in JSON, nil is null).
func (e *snapEncoder) count(n int, isNil bool) {
	if isNil {
		e.uint(0)
		return
	}
	e.uint(n + 1)
}

func (e *snapEncoder) bytes(b []byte) {
	e.count(len(b), b == nil)
	e.body = append(e.body, b...)
}

func (e *snapEncoder) strs_(ss []string) {
	e.count(len(ss), ss == nil)
	for _, s := range ss {
		e.str(s)
	}
}

func (e *snapEncoder) time(t time.Time) error {
	b, err := t.MarshalBinary()
	if err != nil {
		return err
	}
	e.bytes(b)
	return nil
}

// engine writes the slug of the engine g (none for nil).
func (e *snapEncoder) engine(g scoring.Game) {
	if g == nil {
		e.uint(0)
		return
	}
	e.uint(1)
	e.str(e.slug(g))
}

// slug is g's slug: Info builds a whole description each time, so it is
// asked once per engine (an engine of a type that cannot be a map key
// is asked every time).
func (e *snapEncoder) slug(g scoring.Game) string {
	if !reflect.TypeOf(g).Comparable() {
		return g.Info().Slug
	}
	s, ok := e.slugs[g]
	if !ok {
		s = g.Info().Slug
		e.slugs[g] = s
	}
	return s
}

// sub runs write on the scratch buffer *scratch, emptied, and returns
// what it wrote (valid until the next use of that buffer), the body as
// it was.
func (e *snapEncoder) sub(scratch *[]byte, write func() error) ([]byte, error) {
	saved := e.body
	e.body = (*scratch)[:0]
	err := write()
	out := e.body
	*scratch, e.body = out, saved
	return out, err
}

func (e *snapEncoder) phrase(p scoring.Phrase) error {
	format, args := p.Parts()
	e.str(format)
	// A count's singular form ("1 pounce"; its format is the plural) and
	// its form for none ("never"): "" for any other phrase.
	_, one, _, _ := p.Plural()
	e.str(one)
	e.str(p.NoneForm())
	return e.args(args)
}

// The kinds of a phrase's arguments.
const (
	argInt = iota
	argName
	argNames
	argPhrase
	argTerms
	argString
	argInt64
	argFloat
	argBool
	argNil
)

func (e *snapEncoder) args(args []any) error {
	e.count(len(args), args == nil)
	for _, a := range args {
		switch v := a.(type) {
		case int:
			e.uint(argInt)
			e.int(v)
		case scoring.Name:
			e.uint(argName)
			e.str(string(v))
		case []string:
			e.uint(argNames)
			e.strs_(v)
		case scoring.Phrase:
			e.uint(argPhrase)
			if err := e.phrase(v); err != nil {
				return err
			}
		case scoring.Terms:
			e.uint(argTerms)
			if err := e.args(v); err != nil {
				return err
			}
		case string:
			e.uint(argString)
			e.str(v)
		case int64:
			e.uint(argInt64)
			e.int64(v)
		case float64:
			e.uint(argFloat)
			e.body = binary.LittleEndian.AppendUint64(e.body, math.Float64bits(v))
		case bool:
			e.uint(argBool)
			e.bool(v)
		case nil:
			e.uint(argNil)
		default:
			return fmt.Errorf("%w: a phrase's argument of type %T", errSnapshot, a)
		}
	}
	return nil
}

// line writes a reference to l in the table of lines.
func (e *snapEncoder) line(l scoring.Line) error {
	enc, err := e.sub(&e.lineScratch, func() error {
		e.str(l.Label)
		e.int(l.Points)
		return e.phrase(l.Phrase)
	})
	if err != nil {
		return err
	}
	i, ok := e.lines[string(enc)]
	if !ok {
		i = e.nLines
		e.nLines++
		e.lines[string(enc)] = i
		e.lineBuf = append(e.lineBuf, enc...)
	}
	e.uint(i)
	return nil
}

func (e *snapEncoder) lineList(ls []scoring.Line) error {
	e.count(len(ls), ls == nil)
	for _, l := range ls {
		if err := e.line(l); err != nil {
			return err
		}
	}
	return nil
}

func (e *snapEncoder) violations(vs []scoring.Violation) error {
	e.count(len(vs), vs == nil)
	for _, v := range vs {
		e.str(v.Code)
		e.str(v.Player)
		e.str(v.Rule)
		e.str(v.Message)
		if err := e.phrase(v.Phrase); err != nil {
			return err
		}
	}
	return nil
}

func (e *snapEncoder) result(r scoring.Result) error {
	e.str(r.Game)
	e.bool(r.Valid)
	e.bool(r.GameOver)
	if err := e.violations(r.Violations); err != nil {
		return err
	}
	if err := e.violations(r.Warnings); err != nil {
		return err
	}
	e.count(len(r.Players), r.Players == nil)
	for _, p := range r.Players {
		e.str(p.Name)
		e.int(p.Total)
		if err := e.lineList(p.Breakdown); err != nil {
			return err
		}
		e.count(len(p.Rounds), p.Rounds == nil)
		for _, n := range p.Rounds {
			e.int(n)
		}
	}
	e.strs_(r.Winners)
	e.str(r.TieBreak)
	return e.phrase(r.TieBreakPhrase)
}

// record writes a game's record whole (a loaded game's is not worked
// out again from its result, which stays encoded).
func (e *snapEncoder) record(r GameRecord) {
	e.uint(r.Number)
	e.str(r.Game)
	e.str(r.Sheet)
	e.str(r.Kind)
	e.str(string(r.Status))
	e.bool(r.Settled)
	e.bool(r.Over)
	e.bool(r.Unfinished)
	e.bool(r.Counted)
	e.bool(r.LowestWins)
	e.str(string(r.Rule))
	e.bool(r.Corrected)
	e.int(r.Rounds)
	e.int(r.Violations)
	e.int(r.Warnings)
	e.count(len(r.Seats), r.Seats == nil)
	for _, st := range r.Seats {
		e.str(st.Name)
		e.int(st.Score)
		e.int(st.Place)
		e.bool(st.Won)
		e.int(st.Tied)
	}
	e.strs_(r.Winners)
}

// game writes a reference to g in the pool of games (0 for nil).
func (e *snapEncoder) game(g *Game) error {
	ref, err := e.gameRef(g)
	e.uint(ref)
	return err
}

// gameRef puts g in the pool of games and returns its reference: its
// place in the pool plus one (0 for nil).
func (e *snapEncoder) gameRef(g *Game) (int, error) {
	if g == nil {
		return 0, nil
	}
	if g.engine != nil && g.Info.Slug != e.slug(g.engine) {
		return 0, fmt.Errorf("%w: game %d is not of its engine's game", errSnapshot, g.Number)
	}
	var resAt, resLen int
	enc, err := e.sub(&e.gameScratch, func() error {
		e.uint(g.Number)
		e.engine(g.engine)
		e.uint(g.Seq)
		e.bytes(g.State)
		// The result as a block of its own, prefixed by its length: a
		// loaded game keeps it encoded until it is read (Game.Result).
		res, err := e.sub(&e.resultScratch, func() error { return e.result(g.Result()) })
		if err != nil {
			return err
		}
		e.uint(len(res))
		resAt, resLen = len(e.body), len(res)
		e.body = append(e.body, res...)
		e.record(g.Record)
		e.bool(g.Corrected)
		e.bool(g.Settled)
		e.bool(g.Unfinished)
		e.str(g.Err)
		e.bool(g.Imported != nil)
		if g.Imported != nil {
			body, err := json.Marshal(g.Imported)
			if err != nil {
				return err
			}
			e.bytes(body)
		}
		e.uint(g.rounds)
		return nil
	})
	if err != nil {
		return 0, err
	}
	i, ok := e.games[string(enc)]
	if !ok {
		i = len(e.pool)
		e.games[string(enc)] = i
		e.pool = append(e.pool, poolItem{enc: bytes.Clone(enc), resAt: resAt, resLen: resLen})
	}
	e.refer(i)
	return i + 1, nil
}

func (e *snapEncoder) play(p *Play) {
	e.bool(p != nil)
	if p == nil {
		return
	}
	e.bytes(p.Setup)
	e.count(len(p.Steps), p.Steps == nil)
	for _, s := range p.Steps {
		e.bytes(s)
	}
	e.uint(p.StartSeq)
	e.strs_(p.Players)
}

// encodePart writes t as a part since head from (0: the whole table).
func encodePart(t *Table, from int, build string) ([]byte, error) {
	return encodeChunked(t, from, build, logChunk)
}

// encodeChunked is encodePart with the log in chunks of per entries
// (tests make them short).
func encodeChunked(t *Table, from int, build string, per int) ([]byte, error) {
	if t.broken != nil || from > t.Head {
		return nil, fmt.Errorf("%w: the table is unreadable or older than its snapshot", errSnapshot)
	}
	e := newSnapEncoder()
	e.uint(from)
	e.uint(t.Head)
	// The games the events since from changed, and how many there are.
	changed := map[int]bool{}
	for _, le := range t.Log.From(from) {
		if le.Game > 0 {
			changed[le.Game] = true
		}
	}
	var games []int
	for i := range t.Games.All() {
		if from == 0 || changed[i+1] {
			games = append(games, i)
		}
	}
	e.count(t.Games.Len(), t.Games.isNil())
	e.uint(len(games))
	// Where in the pool each game written is (by number): a round's
	// lines are referred to there.
	pooled := make(map[int]int, len(games))
	for _, i := range games {
		e.uint(i)
		ref, err := e.gameRef(t.Games.at(i))
		if err != nil {
			return nil, err
		}
		e.uint(ref)
		pooled[i+1] = ref - 1
	}
	// The events since from, with their facts, in chunks of per entries
	// (from from on), each prefixed by its length: a loaded base keeps
	// its chunks encoded until an entry of one is read (Log).
	e.uint(t.Head - from)
	e.uint(per)
	for start := from; start < t.Head; start += per {
		enc, refs, err := e.chunk(func() error {
			for _, le := range t.Log.From(start) {
				if le.Seq > min(start+per, t.Head) {
					break
				}
				if err := e.entry(t, le, pooled); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		e.logChunks = append(e.logChunks, chunkItem{enc: enc, refs: refs})
	}
	// The events in effect pushed since from (the ones below are the
	// bottom of the stack as it was at from), oldest first, in chunks of
	// per events each prefixed by its length: a loaded base keeps its
	// chunks encoded until an undo reaches one (stack.go).
	var fresh []*effect
	for fx := t.effect; fx != nil && fx.seq > from; fx = fx.down() {
		if fx.broken != nil {
			return nil, fmt.Errorf("%w: event %d in effect was refused", errSnapshot, fx.seq)
		}
		fresh = append(fresh, fx)
	}
	slices.Reverse(fresh)
	e.uint(t.depth - len(fresh))
	e.uint(len(fresh))
	for start := 0; start < len(fresh); start += per {
		enc, refs, err := e.chunk(func() error {
			for _, fx := range fresh[start:min(start+per, len(fresh))] {
				// What an undo of it needs to work out the facts before
				// it: a state for the lowest event in effect of each
				// stretch of per events (see factsCheck).
				below := fx.down()
				stretch := below == nil || (fx.seq-1)/per != (below.seq-1)/per
				if err := e.effect(t, fx, stretch); err != nil {
					return fmt.Errorf("event %d in effect: %w", fx.seq, err)
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		e.stackChunks = append(e.stackChunks, chunkItem{enc: enc, refs: refs})
	}
	// The table's small state, whole.
	if t.engine == nil || !sameInfo(t.Info, t.engine.Info()) {
		return nil, fmt.Errorf("%w: the table plays no game", errSnapshot)
	}
	e.engine(t.engine)
	e.str(t.Key)
	e.str(t.Name)
	e.bytes(t.Options)
	e.str(t.Opened)
	e.str(t.First)
	e.strs_(t.Players)
	if err := e.time(t.Created); err != nil {
		return nil, err
	}
	e.play(t.Play)
	// The tally as JSON: small (a line per player and kind of game), and
	// its empty maps stay empty and its nil ones nil.
	tally, err := json.Marshal(t.tally)
	if err != nil {
		return nil, err
	}
	e.bytes(tally)
	e.uint(t.bytes)
	if err := e.facts(t, from); err != nil {
		return nil, err
	}

	return e.assemble(from == 0, t.Games.Len(), build), nil
}

// poolItem is a game of the pool, encoded, and where its result is in
// it.
type poolItem struct {
	enc           []byte
	resAt, resLen int
	hot           bool // in the part's front (assemble)
}

// chunkItem is a chunk of the log, the stack or the games' facts,
// encoded, and the pool games it refers to.
type chunkItem struct {
	enc  []byte
	refs []int
	hot  bool // in the part's front (assemble)
}

// chunk writes a chunk of the log or the stack with write and returns it
// with the pool games it referred to.
func (e *snapEncoder) chunk(write func() error) (enc []byte, refs []int, err error) {
	e.refs = &refs
	defer func() { e.refs = nil }()
	enc, err = e.sub(&e.chunkScratch, write)
	return bytes.Clone(enc), refs, err
}

// refer notes that the chunk being written refers to pool game i.
func (e *snapEncoder) refer(i int) {
	if e.refs != nil {
		*e.refs = append(*e.refs, i)
	}
}

// hotChunks is how many of a base's newest log chunks, and of its
// newest chunks of events in effect, are in its front: a cold table page
// reads the newest page of the history (and the clock's entries walked
// back from the newest), a restart the newest events in effect, and an
// undo right after it the chunk below.
const hotChunks = 2

// assemble writes the part: a front that loading reads (the header, the
// strings, the lines, where every game of the pool and every chunk is,
// the games and chunks a table page reads, the body, and a checksum of
// all of it) followed by the part's rest (a base's older chunks and the
// games only they and the older games' list refer to, read from the
// database when a page first reads one: a cold view reads a front of
// about the same size at any length). The front says how long it is, and
// how long the rest is and its checksum; a part since an earlier head
// has no rest. nGames is the table's games.
func (e *snapEncoder) assemble(base bool, nGames int, build string) []byte {
	// The chunks of each kind, in the order the index names them, and
	// how many of the newest are in a base's front: a table page reads
	// the newest log chunks (and an undo the stack's), an undo right
	// after a restart the games' facts of one stretch of the log (a
	// game an event at most).
	kinds := [...]struct {
		items  []chunkItem
		newest int
	}{{e.logChunks, hotChunks}, {e.stackChunks, hotChunks}, {e.doneChunks, logChunk/gameChunk + 1}}
	// Which pool games the chunks refer to: a base's older versions of
	// games (after its games in the pool) that only cold chunks refer to
	// are cold too.
	referred := make([]bool, len(e.pool))
	for _, k := range kinds {
		for _, it := range k.items {
			for _, r := range it.refs {
				referred[r] = true
			}
		}
	}
	for i := range e.pool {
		switch g := &e.pool[i]; {
		case !base:
			g.hot = true
		case i < nGames:
			// A base's games are the pool's first; the newest full
			// chunk and the ones after it are read by a table page.
			g.hot = i >= (nGames/gameChunk-1)*gameChunk
		default:
			g.hot = !referred[i]
		}
	}
	for _, k := range kinds {
		for c := range k.items {
			it := &k.items[c]
			if it.hot = !base || c >= len(k.items)-k.newest; it.hot {
				for _, r := range it.refs {
					e.pool[r].hot = true
				}
			}
		}
	}

	var index, hot, rest []byte
	place := func(enc []byte, isHot bool) {
		index = appendBool(index, isHot)
		index = binary.AppendUvarint(index, uint64(len(enc)))
		if isHot {
			hot = append(hot, enc...)
		} else {
			rest = append(rest, enc...)
		}
	}
	index = binary.AppendUvarint(index, uint64(len(e.pool)))
	for _, g := range e.pool {
		place(g.enc, g.hot)
		index = binary.AppendUvarint(index, uint64(g.resAt))
		index = binary.AppendUvarint(index, uint64(g.resLen))
	}
	for _, k := range kinds {
		index = binary.AppendUvarint(index, uint64(len(k.items)))
		for _, it := range k.items {
			place(it.enc, it.hot)
		}
	}
	index = binary.AppendUvarint(index, uint64(len(rest)))
	index = binary.LittleEndian.AppendUint32(index, crc32.Checksum(rest, castagnoli))

	out := append([]byte(snapMagic), 0, 0, 0, 0, 0) // the front's length, below
	out = binary.AppendUvarint(out, snapshotVersion)
	out = binary.AppendUvarint(out, uint64(len(build)))
	out = append(out, build...)
	out = binary.AppendUvarint(out, uint64(len(e.strList)))
	for _, s := range e.strList {
		out = binary.AppendUvarint(out, uint64(len(s)))
		out = append(out, s...)
	}
	out = binary.AppendUvarint(out, uint64(e.nLines))
	out = append(out, e.lineBuf...)
	out = append(out, index...)
	out = append(out, hot...)
	out = append(out, e.body...)

	binary.LittleEndian.PutUint32(out[len(snapMagic)+1:], uint32(len(out)+4))
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(out, castagnoli))
	return append(out, rest...)
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// entry writes log entry le of t: the event, what replay worked out of
// it, and who took it back by t's head.
func (e *snapEncoder) entry(t *Table, le LogEntry, pooled map[int]int) error {
	e.str(string(le.Kind))
	e.bytes(le.Payload)
	if err := e.time(le.At); err != nil {
		return err
	}
	e.uint(le.Game)
	e.uint(le.Round)
	e.uint(le.Move)
	if err := e.game(le.After); err != nil {
		return err
	}
	// A round's points, length-prefixed: a loaded entry keeps them
	// encoded and decodes them when read (LogEntry.Points).
	if err := e.points(t, le, pooled); err != nil {
		return err
	}
	e.bool(le.opened)
	e.engine(le.engine)
	undoes := 0
	if le.Kind == KindUndo {
		var u Undo
		if err := json.Unmarshal(le.Payload, &u); err != nil {
			return err
		}
		undoes = u.Seq
	}
	e.uint(undoes)
	// Undos and the table's first event are never taken back; an event
	// that may be is written with the undo that took it back by the
	// head (0 for none: a later version's undo is not this one's).
	e.bool(le.undone != nil)
	if le.undone != nil {
		by := int(le.undone.Load())
		if by > t.Head {
			by = 0
		}
		e.uint(by)
	}
	return nil
}

// points writes le's round points as a block of their own, prefixed by
// its length (an empty block for none). pooled gives where in the pool
// each game of the part is.
func (e *snapEncoder) points(t *Table, le LogEntry, pooled map[int]int) error {
	pts := le.Points()
	if pts == nil {
		e.uint(0)
		return nil
	}
	enc, err := e.sub(&e.pointsScratch, func() error {
		e.count(len(pts), false)
		for _, p := range pts {
			e.str(p.Name)
			e.int(p.Points)
			// A round's lines are most often those its game holds now
			// (the lines of that round in the player's breakdown): then
			// only where they are, in that game as the part's pool
			// holds it (a later part or correction replaces the game
			// in the table, not in this part's pool).
			if ref, ok := pooled[le.Game]; ok {
				if player, at, ok := linesIn(t, le.Game, p); ok {
					e.uint(1)
					e.uint(ref)
					e.refer(ref)
					e.uint(player)
					e.uint(at)
					e.count(len(p.Lines), false)
					continue
				}
			}
			e.uint(0)
			if err := e.lineList(p.Lines); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	e.uint(len(enc))
	e.body = append(e.body, enc...)
	return nil
}

// linesIn finds p's lines in game n of t as it is now: the index of p's
// player in its result, and where its breakdown holds them.
func linesIn(t *Table, n int, p RoundPoints) (player, at int, ok bool) {
	if n < 1 || n > t.Games.Len() || len(p.Lines) == 0 {
		return 0, 0, false
	}
	for i, r := range t.Games.At(n - 1).Result().Players {
		if r.Name != p.Name {
			continue
		}
		for at := 0; at+len(p.Lines) <= len(r.Breakdown); at++ {
			if reflect.DeepEqual(r.Breakdown[at:at+len(p.Lines)], p.Lines) {
				return i, at, true
			}
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// sameInfo reports whether a and b describe the same game (an engine's
// Info is a fresh value each time it is asked).
func sameInfo(a, b scoring.Info) bool {
	return a.Slug == b.Slug && a.Title == b.Title && a.LowestWins == b.LowestWins &&
		a.MinPlayers == b.MinPlayers && a.MaxPlayers == b.MaxPlayers
}
