// Package live is the live area of the web app: every open page of a
// table hears of its moves as soon as they are recorded, as server-sent
// events (GET /tables/:id/live and the view-only link's /live). Hub fans
// a table's new head out to its open pages and closes the pages opened
// through a link when it is replaced; Stream is one page's stream; Follow
// tells the hub of the writes other servers make on the same database.
// web/server owns the routes, the link check and the stream caps, and
// hands them in.
package live

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
)

// Hub fans table changes out to every open page of that table, so all
// phones at a table see a move as soon as it is recorded. Each page's
// stream also knows the link it was opened through, so replacing that
// link closes it at once.
type Hub struct {
	mu   sync.Mutex
	subs map[string]map[*Subscriber]struct{} // by table key
	done chan struct{}                       // closed at shutdown: streams end so shutdown is quick
	once sync.Once
}

// Subscriber is one open page: the heads it is told and the link it came
// through, whose replacement closes gone.
type Subscriber struct {
	heads chan int
	link  string
	gone  chan struct{}
	shut  bool // gone is closed
}

// Heads are the heads the page is told; a slow reader keeps only the
// newest.
func (s *Subscriber) Heads() <-chan int { return s.heads }

// New returns an empty hub.
func New() *Hub {
	return &Hub{subs: map[string]map[*Subscriber]struct{}{}, done: make(chan struct{})}
}

// Publish tells the table's subscribers its new head. It never blocks: a
// slow subscriber keeps only the newest head.
func (l *Hub) Publish(tableID string, head int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for s := range l.subs[tableID] {
		select {
		case <-s.heads: // drop the older head
		default:
		}
		s.heads <- head
	}
}

// Revoke closes the streams of the table opened through link, which was
// just replaced.
func (l *Hub) Revoke(tableID, link string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for s := range l.subs[tableID] {
		if s.link == link && !s.shut {
			s.shut = true
			close(s.gone)
		}
	}
}

// Subscribe opens a page's subscription to the table through link; the
// function it returns ends it.
func (l *Hub) Subscribe(tableID, link string) (*Subscriber, func()) {
	s := &Subscriber{heads: make(chan int, 1), link: link, gone: make(chan struct{})}
	l.mu.Lock()
	if l.subs[tableID] == nil {
		l.subs[tableID] = map[*Subscriber]struct{}{}
	}
	l.subs[tableID][s] = struct{}{}
	l.mu.Unlock()
	return s, func() {
		l.mu.Lock()
		delete(l.subs[tableID], s)
		if len(l.subs[tableID]) == 0 {
			delete(l.subs, tableID)
		}
		if len(l.subs) == 0 {
			l.subs = map[string]map[*Subscriber]struct{}{} // an emptied map keeps its size
		}
		l.mu.Unlock()
	}
}

// Close ends every stream (at shutdown, so it is quick).
func (l *Hub) Close() { l.once.Do(func() { close(l.done) }) }

// Tables is how many tables have open streams.
func (l *Hub) Tables() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.subs)
}

// Watching lists the tables that have open streams, by key, with the
// links those streams were opened through (sessions.Tables.Follow asks
// for them after it may have missed other servers' writes).
func (l *Hub) Watching() map[string][]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string][]string, len(l.subs))
	for key, subs := range l.subs {
		links := []string{}
		for s := range subs {
			if !slices.Contains(links, s.link) {
				links = append(links, s.link)
			}
		}
		out[key] = links
	}
	return out
}

// keepAlive is how often an idle stream sends a comment, so proxies and
// phones do not drop it.
const keepAlive = 25 * time.Second

// Caps takes a stream's place under the server's caps (per client
// address, per table, in all): release gives it back; refused, when not
// nil, is the answer to send instead (a 503 the page retries after
// retryAfter).
type Caps func(c echo.Context, table string) (release func(), retryAfter time.Duration, refused error)

// Stream answers a page's live request with server-sent events: an event
// "table" carrying the newest seq whenever it moves past the one the page
// shows (?after=N, or Last-Event-ID when EventSource reconnects after a
// phone slept), so a page catches up without polling. When link, the link
// the page was opened through, is replaced, an event "gone" is sent and
// the stream closes; reconnecting then gets 410 Gone. open loads the
// table through link (its error is the answer).
func (l *Hub) Stream(c echo.Context, caps Caps, link string, open func() (sessions.Table, error)) error {
	t, err := open()
	if err != nil {
		return err
	}
	after := t.Head
	for _, s := range []string{c.Request().Header.Get("Last-Event-ID"), c.QueryParam("after")} {
		if n, err := strconv.Atoi(s); err == nil {
			after = n
			break
		}
	}
	// Every stream holds a connection: capped per client address, per
	// table (whichever link it came through) and in all (a 503 the page
	// retries after Retry-After).
	release, retry, refused := caps(c, t.Key)
	if refused != nil {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(retry/time.Second)))
		return refused
	}
	defer release()
	sub, cancel := l.Subscribe(t.Key, link)
	defer cancel()
	// Open again after subscribing, so neither a write nor the link's
	// replacement between the two is missed.
	if t, err = open(); err != nil {
		return err
	}

	w := c.Response()
	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// The server's write timeout would cut a long stream; events are small
	// and each write gets its own deadline instead.
	rc := http.NewResponseController(w.Writer)
	send := func(format string, args ...any) error {
		rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return err
		}
		w.Flush()
		return nil
	}
	if err := send("retry: 3000\n\n"); err != nil {
		return nil
	}
	if t.Head > after {
		if err := send("event: table\nid: %d\ndata: %d\n\n", t.Head, t.Head); err != nil {
			return nil
		}
		after = t.Head
	}
	ping := time.NewTicker(keepAlive)
	defer ping.Stop()
	for {
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-l.done:
			return nil
		case head := <-sub.heads:
			if head <= after {
				continue // told already: this server's write and its notice, or a catch-up after a reconnect
			}
			if err := send("event: table\nid: %d\ndata: %d\n\n", head, head); err != nil {
				return nil
			}
			after = head
		case <-sub.gone:
			send("event: gone\ndata: replaced\n\n")
			return nil
		case <-ping.C:
			if err := send(": ping\n\n"); err != nil {
				return nil
			}
		}
	}
}

// Follow tells the hub of the writes other servers make on tables'
// database (sessions.Tables.Follow) until ctx ends; the channel closes
// then.
func (l *Hub) Follow(ctx context.Context, tables *sessions.Tables, log *slog.Logger) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := tables.Follow(ctx, l.Watching, func(msg string, err error) {
			if err != nil {
				log.Warn(msg, "err", err)
			} else {
				log.Info(msg)
			}
		})
		if err != nil {
			log.Error("live pages will not hear of other servers' writes", "err", err)
		}
	}()
	return done
}
