package server

import (
	"container/list"
	"context"
	"errors"
	"sync"
	"time"
)

// errBusy is returned when too many solves are running or waiting.
var errBusy = errors.New("the server is busy: try again shortly")

// flights runs solves: one per key at a time, shared by everyone who asks
// while it runs, at most slots at once, with recent results cached.
type flights struct {
	mu      sync.Mutex
	calls   map[string]*call
	cache   *lru
	slots   chan struct{}
	pending int // calls started and not finished
	// maxPending bounds pending; timeout is each solve's deadline.
	maxPending int
	timeout    time.Duration
	// started counts solves begun (shared requests do not start one);
	// running counts those in a slot now, peak the most at once;
	// abandoned those that stopped because every caller had left.
	started, running, peak, abandoned int
}

type call struct {
	done    chan struct{}
	val     any
	err     error
	waiters int
	cancel  context.CancelFunc
}

func newFlights(slots, maxPending, cacheSize int, timeout time.Duration) *flights {
	return &flights{calls: map[string]*call{}, cache: newLRU(cacheSize), slots: make(chan struct{}, slots), maxPending: maxPending, timeout: timeout}
}

// do returns the result for key, from the cache, from a solve in flight,
// or by running fn. It returns ctx's error if the caller gives up first;
// the solve is cancelled when no caller is left.
func (fl *flights) do(ctx context.Context, key string, fn func(context.Context) (any, error)) (any, error) {
	fl.mu.Lock()
	if v, ok := fl.cache.get(key); ok {
		fl.mu.Unlock()
		return v, nil
	}
	c, ok := fl.calls[key]
	if !ok {
		if fl.pending >= fl.maxPending {
			fl.mu.Unlock()
			return nil, errBusy
		}
		fl.pending++
		fl.started++
		sctx, cancel := context.WithTimeout(context.Background(), fl.timeout)
		c = &call{done: make(chan struct{}), cancel: cancel}
		fl.calls[key] = c
		go fl.run(sctx, key, c, fn)
	}
	c.waiters++
	fl.mu.Unlock()
	select {
	case <-c.done:
		return c.val, c.err
	case <-ctx.Done():
		fl.mu.Lock()
		c.waiters--
		if c.waiters == 0 {
			c.cancel() // nobody wants it any more
			if fl.calls[key] == c {
				delete(fl.calls, key) // a later request starts afresh
			}
		}
		fl.mu.Unlock()
		return nil, ctx.Err()
	}
}

func (fl *flights) run(ctx context.Context, key string, c *call, fn func(context.Context) (any, error)) {
	defer c.cancel()
	select {
	case fl.slots <- struct{}{}:
		fl.mu.Lock()
		fl.running++
		fl.peak = max(fl.peak, fl.running)
		fl.mu.Unlock()
		c.val, c.err = fn(ctx)
		fl.mu.Lock()
		if errors.Is(c.err, context.Canceled) {
			fl.abandoned++
		}
		fl.running--
		fl.mu.Unlock()
		<-fl.slots
	case <-ctx.Done():
		c.err = ctx.Err()
	}
	fl.mu.Lock()
	if fl.calls[key] == c {
		delete(fl.calls, key)
	}
	fl.pending--
	if c.err == nil {
		fl.cache.put(key, c.val)
	}
	fl.mu.Unlock()
	close(c.done)
}

// lru is a small least-recently-used cache.
type lru struct {
	max   int
	order *list.List // front: most recent
	items map[string]*list.Element
}

type entry struct {
	key string
	val any
}

func newLRU(max int) *lru {
	return &lru{max: max, order: list.New(), items: map[string]*list.Element{}}
}

func (c *lru) get(key string) (any, bool) {
	if e, ok := c.items[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(entry).val, true
	}
	return nil, false
}

func (c *lru) put(key string, val any) {
	if c.max <= 0 {
		return
	}
	if e, ok := c.items[key]; ok {
		e.Value = entry{key, val}
		c.order.MoveToFront(e)
		return
	}
	c.items[key] = c.order.PushFront(entry{key, val})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(entry).key)
	}
}
