package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// replayCache keeps recently replayed tables. A table's state is a pure
// function of its log, and the log only grows, so a replay stays right for
// as long as the table's head is the same: a lookup checks the head (one
// small query) and replays only when it moved. Cached tables are shared;
// callers treat a Table as read-only.
type replayCache struct {
	mu    sync.Mutex
	byID  map[string]Table
	order []string // insertion order, oldest first, for eviction
	max   int
}

func newReplayCache(max int) *replayCache {
	return &replayCache{byID: map[string]Table{}, max: max}
}

func (c *replayCache) get(id string, head int) (Table, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.byID[id]
	return t, ok && t.Head == head
}

func (c *replayCache) put(t Table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byID[t.Key]; !ok {
		c.order = append(c.order, t.Key)
		if len(c.order) > c.max {
			delete(c.byID, c.order[0])
			c.order = c.order[1:]
		}
	}
	c.byID[t.Key] = t
}

// headOf reads the newest seq of the table with key key.
func (s *Store) headOf(ctx context.Context, key string) (int, error) {
	var head int
	st, err := s.readStmt(ctx, `SELECT head FROM tables WHERE id = ?`)
	if err == nil {
		err = st.QueryRowContext(ctx, key).Scan(&head)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("head of a table: %w", err)
	}
	return head, nil
}

// headBy finds the table a link opens as role (edit or view), with its
// newest seq, in one indexed lookup (asked on every page view). A link
// that is not one is ErrNotFound; one that was replaced is a
// *ReplacedError.
func (s *Store) headBy(ctx context.Context, link string, role Role) (key string, head int, err error) {
	st, err := s.readStmt(ctx, `SELECT id, head FROM tables WHERE `+inUse[role].link+` = ?`)
	if err == nil {
		err = st.QueryRowContext(ctx, link).Scan(&key, &head)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, formerly(ctx, s.read, link, role)
	}
	if err != nil {
		return "", 0, fmt.Errorf("table by %s link: %w", role, err)
	}
	return key, head, nil
}
