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
	if _, ok := c.byID[t.ID]; !ok {
		c.order = append(c.order, t.ID)
		if len(c.order) > c.max {
			delete(c.byID, c.order[0])
			c.order = c.order[1:]
		}
	}
	c.byID[t.ID] = t
}

// head reads a table's newest seq and read link.
func (s *Store) head(ctx context.Context, id string) (head int, readID string, err error) {
	st, err := s.readStmt(ctx, `SELECT head, read_id FROM tables WHERE id = ?`)
	if err == nil {
		err = st.QueryRowContext(ctx, id).Scan(&head, &readID)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", ErrNotFound
	}
	if err != nil {
		return 0, "", fmt.Errorf("head of %s: %w", id, err)
	}
	return head, readID, nil
}
