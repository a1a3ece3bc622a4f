package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/sessions"
)

// live fans table changes out to every open page of that table, so all
// phones at a table see a move as soon as it is recorded. Each page's
// stream also knows the link it was opened through, so replacing that
// link closes it at once.
type live struct {
	mu   sync.Mutex
	subs map[string]map[*subscriber]struct{} // by table key
	done chan struct{}                       // closed at shutdown: streams end so shutdown is quick
	once sync.Once
}

// subscriber is one open page: the heads it is told and the link it came
// through, whose replacement closes gone.
type subscriber struct {
	heads chan int
	link  string
	gone  chan struct{}
	shut  bool // gone is closed
}

func newLive() *live {
	return &live{subs: map[string]map[*subscriber]struct{}{}, done: make(chan struct{})}
}

// publish tells the table's subscribers its new head. It never blocks: a
// slow subscriber keeps only the newest head.
func (l *live) publish(tableID string, head int) {
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

// revoke closes the streams of the table opened through link, which was
// just replaced.
func (l *live) revoke(tableID, link string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for s := range l.subs[tableID] {
		if s.link == link && !s.shut {
			s.shut = true
			close(s.gone)
		}
	}
}

func (l *live) subscribe(tableID, link string) (*subscriber, func()) {
	s := &subscriber{heads: make(chan int, 1), link: link, gone: make(chan struct{})}
	l.mu.Lock()
	if l.subs[tableID] == nil {
		l.subs[tableID] = map[*subscriber]struct{}{}
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
			l.subs = map[string]map[*subscriber]struct{}{} // an emptied map keeps its size
		}
		l.mu.Unlock()
	}
}

func (l *live) close() { l.once.Do(func() { close(l.done) }) }

// watching lists the tables that have open streams, by key, with the
// links those streams were opened through (sessions.Tables.Follow asks
// for them after it may have missed other servers' writes).
func (l *live) watching() map[string][]string {
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

// streamTable answers GET /tables/:id/live with server-sent events: an
// event "table" carrying the newest seq whenever it moves past the one the
// page shows (?after=N, or Last-Event-ID when EventSource reconnects after
// a phone slept), so a page catches up without polling. When the link the
// page was opened through is replaced, an event "gone" is sent and the
// stream closes; reconnecting then gets 410 Gone.
func (a *App) streamTable(c echo.Context) error {
	return a.stream(c, c.Param("id"), func() (sessions.Table, error) { return a.loadTable(c) })
}

// stream sends the moves of the table that open loads through link as
// server-sent events.
func (a *App) stream(c echo.Context, link string, open func() (sessions.Table, error)) error {
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
	release, refused := a.streams.acquire(clientKey(c.RealIP()), t.Key)
	if refused != nil {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(streamRetryAfter/time.Second)))
		return refused
	}
	defer release()
	sub, cancel := a.live.subscribe(t.Key, link)
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
		case <-a.live.done:
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

// Follow tells the app's live pages of the writes other servers make on
// its database (sessions.Tables.Follow) until ctx ends; the channel closes
// then.
func (a *App) Follow(ctx context.Context) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := a.tables.Follow(ctx, a.live.watching, func(msg string, err error) {
			if err != nil {
				a.log.Warn(msg, "err", err)
			} else {
				a.log.Info(msg)
			}
		})
		if err != nil {
			a.log.Error("live pages will not hear of other servers' writes", "err", err)
		}
	}()
	return done
}
