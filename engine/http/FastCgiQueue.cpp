// FastCgiResponder's wait for a connection to PHP-FPM when all that the
// worker's pool allows are busy (UpstreamPool's bound, FastCgiResponder.h):
// the queue, the connection handed over, the client's hang-up, the 503.
// The same steps as ProxyQueue.cpp, on a responder of its own.
#include "http/FastCgiResponder.h"

#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/post.hpp>

namespace hostbench::http {

namespace asio = boost::asio;

void FastCgiResponder::queue()
{
    bumpCounter(m_worker.counters().phpQueued);
    m_worker.upstreams().wait(*m_slots, *this);
    arm(); // PhpSite::timeoutMs: queueTimedOut()
    m_client.watchHangup(); // its hang-up ends the wait: hungUp()
}

void FastCgiResponder::upstreamReady(std::optional<Socket> socket)
{
    // Called by the pool from another request's end, on this worker's thread: only starts operations.
    m_holdsSlot = true;
    m_timer.cancel();
    m_client.cancel(); // the watch (nothing else waits on the client meanwhile)
    if (!socket) {
        connect();
        return;
    }
    m_upstream.emplace(std::move(*socket));
    m_outcome.timing.connectUs = sinceStart();
    send();
}

void FastCgiResponder::hungUp()
{
    if (m_finished || !isWaiting())
        return; // handed a connection, timed out, or aborted meanwhile
    leaveQueue();
    m_outcome.clientGone = true;
    m_outcome.status = 499;
    finish(false);
}

void FastCgiResponder::queueTimedOut()
{
    leaveQueue();
    m_client.cancel(); // the watch
    m_outcome.retryAfterS = 1; // RFC 9110 §10.2.3: PHP-FPM is busy, not down
    fail(FastCgiError::QueueTimeout, 503);
}

void FastCgiResponder::leftQueue()
{
    // abort() comes from the client side's close, which goes on with it afterwards:
    // finish() (and with it the connection's done handler) must not run inside it.
    leaveQueue();
    m_timer.cancel();
    asio::post(m_worker.context(), [self = shared_from_this()] { self->finish(false); });
}

} // namespace hostbench::http
