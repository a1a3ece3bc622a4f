package server

import (
	"net/http"
	"net/netip"
	"runtime"
	"runtime/debug"
	"sync"
	"time"

	"tablemate/scoring"
)

// Defaults of the live-stream caps (serve -live-per-client, -live-per-table,
// -live-max). A phone holds one stream per open table page; a household or
// a club behind one router shares an address, hence the room per address.
const (
	DefaultStreamsPerClient = 64
	DefaultStreamsPerTable  = 256
	DefaultStreamsTotal     = 4096
	// streamRetryAfter is the Retry-After of a refused stream; the page
	// tries again by itself after about that long.
	streamRetryAfter = 30 * time.Second
	// releaseAfter streams closed since memory was last handed back make
	// the server hand it back (releaseMemory) releaseDelay later.
	releaseAfter = 256
	releaseDelay = 2 * time.Second
)

// streamCaps bounds the live streams (server-sent events) the server holds
// open: per client address, per table and in all. Every stream holds a
// connection (a file descriptor), two goroutines and net/http's buffers,
// about 40 KB, for as long as the page is open.
//
// When many streams have closed it hands the memory back to the system:
// net/http and echo keep buffers and contexts in sync.Pools that only a
// second garbage collection empties, an idle server allocates nothing so
// no collection runs (Go forces one only every 2 minutes), and freed
// pages go back to the system slowly after that. Without this, 5,000
// closed streams left RSS at 224 MB for minutes (22 MB before them).
type streamCaps struct {
	perClient, perTable, total int

	mu      sync.Mutex
	clients map[string]int // open streams per client address
	tables  map[string]int // open streams per table id
	open    int
	closed  int         // streams closed since the last release
	timer   *time.Timer // a release is scheduled
	release func()      // hands freed memory back (releaseMemory; tests count calls)
}

func newStreamCaps(perClient, perTable, total int) *streamCaps {
	return &streamCaps{perClient: perClient, perTable: perTable, total: total,
		clients: map[string]int{}, tables: map[string]int{}, release: releaseMemory}
}

// acquire takes a stream slot for client on table, or says which cap is
// full (a 503 with Retry-After). done gives the slot back.
func (s *streamCaps) acquire(client, table string) (done func(), refused *plainError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.open >= s.total:
		return nil, streamsFull(scoring.Phrasef("The server already follows %d live pages, as many as it can. Reload to see new moves; this page tries again by itself.", s.total))
	case s.tables[table] >= s.perTable:
		return nil, streamsFull(scoring.Phrasef("This table already has %d live pages open, the most one table may have. Reload to see new moves; this page tries again by itself.", s.perTable))
	case s.clients[client] >= s.perClient:
		return nil, streamsFull(scoring.Phrasef("This address already has %d live pages open, the most one address may have. Close Tablemate pages you no longer use; this page tries again by itself.", s.perClient))
	}
	s.open++
	s.tables[table]++
	s.clients[client]++
	var once sync.Once
	return func() { once.Do(func() { s.done(client, table) }) }, nil
}

func (s *streamCaps) done(client, table string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.open--
	if s.tables[table]--; s.tables[table] == 0 {
		delete(s.tables, table)
	}
	if s.clients[client]--; s.clients[client] == 0 {
		delete(s.clients, client)
	}
	if s.open == 0 {
		// Go maps keep their size when emptied: start small again.
		s.clients, s.tables = map[string]int{}, map[string]int{}
	}
	if s.closed++; s.closed >= releaseAfter && s.timer == nil {
		s.timer = time.AfterFunc(releaseDelay, func() {
			s.mu.Lock()
			s.closed, s.timer = 0, nil
			s.mu.Unlock()
			s.release()
		})
	}
}

// counts reports the open streams, and how many clients and tables hold
// them (for tests).
func (s *streamCaps) counts() (open, clients, tables int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.open, len(s.clients), len(s.tables)
}

func streamsFull(p scoring.Phrase) *plainError {
	return plainPhrase(http.StatusServiceUnavailable, p, "")
}

// releaseMemory collects twice (the first moves sync.Pool contents to
// their victim cache, the second frees them) and returns the free pages to
// the system at once.
func releaseMemory() {
	runtime.GC()
	debug.FreeOSMemory()
}

// clientKey is the address a client's streams are counted under: the
// IPv4 address, or the /64 network of an IPv6 address (one household or
// phone gets a whole /64, so its single addresses are free to change).
func clientKey(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap()
	if addr.Is4() {
		return addr.String()
	}
	p, _ := addr.Prefix(64)
	return p.String()
}

// StreamTotalFor clamps the wanted total of streams to half the open-file
// limit, leaving the other half to page requests, SQLite and accepting
// connections (one client holding ~1,000 streams used up a limit of 1,024
// before there was a cap). A limit of 0 (unknown) leaves want as it is.
func StreamTotalFor(openFiles uint64, want int) int {
	if openFiles == 0 || uint64(want) <= openFiles/2 {
		return want
	}
	return int(openFiles / 2)
}
