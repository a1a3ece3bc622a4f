package server

import (
	"bytes"
	"container/list"
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
	"slices"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A page is mostly the same bytes from one request to the next: a
// table's page changes with the table's version and the reader's
// language, and between two views of one version only the form tokens
// differ (the CSRF token of the phone and the one-time token of the
// rendering). Compressing all of it again for every request was a third
// of a table page's time, so pages are compressed once, at the best
// level, and kept: the page is cut at its tokens, each part compressed on
// its own (a raw deflate stream ending on a byte boundary, with the parts
// before it as its dictionary), and an answer is the kept parts with the
// request's tokens between them as stored blocks, in one gzip member.
//
// The kept parts are found by the page's own bytes (a hash of everything
// but the tokens, then compared byte for byte), never by what the page is
// thought to depend on: an answer is always exactly the page rendered for
// the request. Only the routes in zippedRoutes are compressed so: their
// pages repeat, and a page compressed at the best level costs a few
// times what the fastest level does, once per version of a table and
// language instead of on every view.

// zipCacheBytes bounds the pages kept compressed (their bytes and their
// compressed parts).
const zipCacheBytes = 24 << 20

// pageZips is the server's cache of compressed pages.
var pageZips = newZipCache(zipCacheBytes)

// cut is a part of a page that is the request's own (a token): at is
// its offset, n its length.
type cut struct{ at, n int }

// zipped is a page compressed in parts: raw is the page without its
// cuts, the text parts one after the other; parts[i] is the i-th text
// part compressed, and cuts[i] the cut after it (its length).
type zipped struct {
	key   uint64
	raw   []byte
	lens  []int // the length of each text part
	cuts  []int // the length of each cut
	parts [][]byte
	size  int
}

// zipCache keeps compressed pages by their key, the least recently used
// going first.
type zipCache struct {
	mu    sync.Mutex
	seed  maphash.Seed
	byKey map[uint64]*list.Element // of *zipped
	lru   list.List
	bytes int
	max   int
	// hits and misses count the pages served from the cache and those
	// compressed (tests read them).
	hits, misses int
}

func newZipCache(max int) *zipCache {
	return &zipCache{seed: maphash.MakeSeed(), byKey: map[uint64]*list.Element{}, max: max}
}

// tokens returns the cuts of page: every place one of the request's
// tokens appears, in order, none overlapping.
func tokens(page []byte, secrets []string) []cut {
	var cuts []cut
	// Tokens stand in the values of the forms' hidden fields: those are
	// found in one pass over the page's value attributes, and only a
	// token found in none of them is looked for in all of the page (one
	// pass per token; a page has several tokens). A token that stood in a
	// value and somewhere else too would be missed there: the page would
	// then differ at every view and be compressed each time, never served
	// another view's token (TestZippedPagesRepeat finds that).
	var inValue uint64 // bit i: secrets[i] was found in a value
	for from := 0; len(secrets) <= 64; {
		i := bytes.Index(page[from:], valueAttr)
		if i < 0 {
			break
		}
		at := from + i + len(valueAttr)
		end := bytes.IndexByte(page[at:], '"')
		if end < 0 {
			break
		}
		from = at + end
		for k, s := range secrets {
			if len(s) >= 8 && len(s) == end && string(page[at:at+end]) == s {
				cuts = append(cuts, cut{at: at, n: end})
				inValue |= 1 << k
				break
			}
		}
	}
	for k, s := range secrets {
		if len(s) < 8 || k < 64 && inValue&(1<<k) != 0 { // a token is long; a short one would cut the page everywhere
			continue
		}
		for from := 0; ; {
			i := bytes.Index(page[from:], []byte(s))
			if i < 0 {
				break
			}
			cuts = append(cuts, cut{at: from + i, n: len(s)})
			from += i + len(s)
		}
	}
	slices.SortFunc(cuts, func(a, b cut) int { return a.at - b.at })
	// Two tokens cannot overlap in a page unless one holds the other's
	// bytes; keep the first.
	out := cuts[:0]
	end := 0
	for _, c := range cuts {
		if c.at >= end {
			out = append(out, c)
			end = c.at + c.n
		}
	}
	return out
}

// valueAttr starts an attribute's value, where the forms' tokens are.
var valueAttr = []byte(`value="`)

// keyOf hashes a page without its cuts, and the cuts' lengths.
func (zc *zipCache) keyOf(page []byte, cuts []cut) uint64 {
	var h maphash.Hash
	h.SetSeed(zc.seed)
	var n [8]byte
	from := 0
	for _, c := range cuts {
		h.Write(page[from:c.at])
		binary.LittleEndian.PutUint64(n[:], uint64(c.at-from)<<32|uint64(c.n))
		h.Write(n[:])
		from = c.at + c.n
	}
	h.Write(page[from:])
	return h.Sum64()
}

// matches reports whether z is page with these cuts.
func (z *zipped) matches(page []byte, cuts []cut) bool {
	if len(z.cuts) != len(cuts) {
		return false
	}
	from, at := 0, 0
	for i, c := range cuts {
		if z.cuts[i] != c.n || z.lens[i] != c.at-from || !bytes.Equal(z.raw[at:at+z.lens[i]], page[from:c.at]) {
			return false
		}
		at += z.lens[i]
		from = c.at + c.n
	}
	last := len(cuts)
	return z.lens[last] == len(page)-from && bytes.Equal(z.raw[at:], page[from:])
}

// get returns the kept compression of page, if any.
func (zc *zipCache) get(key uint64, page []byte, cuts []cut) *zipped {
	zc.mu.Lock()
	defer zc.mu.Unlock()
	if el, ok := zc.byKey[key]; ok {
		if z := el.Value.(*zipped); z.matches(page, cuts) {
			zc.lru.MoveToFront(el)
			zc.hits++
			return z
		}
	}
	zc.misses++
	return nil
}

// reused counts z served again for a page kept rendered (keptpages.go),
// which holds its compressed parts: the page is z's by construction.
func (zc *zipCache) reused(z *zipped) {
	zc.mu.Lock()
	defer zc.mu.Unlock()
	if el, ok := zc.byKey[z.key]; ok && el.Value == z {
		zc.lru.MoveToFront(el)
	}
	zc.hits++
}

// served is the number of pages served from the cache so far.
func (zc *zipCache) served() int {
	zc.mu.Lock()
	defer zc.mu.Unlock()
	return zc.hits
}

func (zc *zipCache) put(z *zipped) {
	zc.mu.Lock()
	defer zc.mu.Unlock()
	if el, ok := zc.byKey[z.key]; ok { // another page of the same hash, or the same made meanwhile
		zc.lru.Remove(el)
		zc.bytes -= el.Value.(*zipped).size
	}
	zc.byKey[z.key] = zc.lru.PushFront(z)
	zc.bytes += z.size
	for zc.lru.Len() > 1 && zc.bytes > zc.max {
		el := zc.lru.Back()
		old := el.Value.(*zipped)
		zc.lru.Remove(el)
		delete(zc.byKey, old.key)
		zc.bytes -= old.size
	}
}

// compressParts compresses page in parts between its cuts, each part with
// what comes before it as its dictionary, the cuts' bytes zeroed there: a
// part holds no zero byte, so it never refers to a cut (whose bytes differ
// between requests), and everything else it refers to is where the
// reader has it.
func compressParts(key uint64, page []byte, cuts []cut) (*zipped, error) {
	masked := slices.Clone(page)
	for _, c := range cuts {
		clear(masked[c.at : c.at+c.n])
	}
	z := &zipped{key: key}
	var out bytes.Buffer
	zw := bestWriters.Get().(*flate.Writer)
	defer bestWriters.Put(zw)
	from := 0
	for i := 0; i <= len(cuts); i++ {
		end := len(page)
		if i < len(cuts) {
			end = cuts[i].at
		}
		part := page[from:end]
		dict := masked[max(0, from-32<<10):from]
		if bytes.IndexByte(part, 0) >= 0 {
			dict = nil // it could match the zeroed cuts
		}
		out.Reset()
		zw.ResetDict(&out, dict)
		zw.Write(part)
		if err := zw.Flush(); err != nil { // ends the part on a byte boundary, not final
			return nil, err
		}
		z.parts = append(z.parts, bytes.Clone(out.Bytes()))
		z.raw = append(z.raw, part...)
		z.lens = append(z.lens, len(part))
		z.size += len(part) + out.Len()
		if i < len(cuts) {
			z.cuts = append(z.cuts, cuts[i].n)
			from = cuts[i].at + cuts[i].n
		}
	}
	z.size += 64 * (len(cuts) + 1)
	return z, nil
}

// bestWriters keeps compressors at the best level between pages (each
// holds its tables, about a megabyte).
var bestWriters = sync.Pool{New: func() any {
	zw, _ := flate.NewWriter(nil, flate.BestCompression)
	return zw
}}

// gzipHeader is a gzip member's header: deflate, no name, no time.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// appendGzip appends the gzip member of page, cut at cuts, made of z's
// parts and the page's own bytes at the cuts (stored blocks).
func (z *zipped) appendGzip(dst, page []byte, cuts []cut) []byte {
	dst = append(dst, gzipHeader...)
	for i, p := range z.parts {
		dst = append(dst, p...)
		if i < len(cuts) {
			c := cuts[i]
			// A stored block, not final: the header's three bits (the
			// stream is on a byte boundary after a flush), LEN and NLEN.
			dst = append(dst, 0, byte(c.n), byte(c.n>>8), ^byte(c.n), ^byte(c.n>>8))
			dst = append(dst, page[c.at:c.at+c.n]...)
		}
	}
	dst = append(dst, 3, 0) // an empty final block
	dst = binary.LittleEndian.AppendUint32(dst, crc32.ChecksumIEEE(page))
	return binary.LittleEndian.AppendUint32(dst, uint32(len(page)))
}

// gzipPage appends page gzipped to dst, from its kept parts, which are
// made now when the page was not seen before.
func gzipPage(dst, page []byte, secrets []string) ([]byte, error) {
	cuts := tokens(page, secrets)
	if slices.ContainsFunc(cuts, func(c cut) bool { return c.n > 0xffff }) {
		cuts = nil // a stored block holds at most 64 KB; no token is that long
	}
	z, err := zipOf(page, cuts)
	if err != nil {
		return nil, err
	}
	return z.appendGzip(dst, page, cuts), nil
}

// zipOf is page's compressed parts between cuts: the kept ones, or made
// now and kept.
func zipOf(page []byte, cuts []cut) (*zipped, error) {
	key := pageZips.keyOf(page, cuts)
	if z := pageZips.get(key, page, cuts); z != nil {
		return z, nil
	}
	z, err := compressParts(key, page, cuts)
	if err != nil {
		return nil, err
	}
	pageZips.put(z)
	return z, nil
}
