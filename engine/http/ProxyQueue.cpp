// ProxyResponder's wait for an upstream connection when all that the
// worker's pool allows are busy (UpstreamPool's bound, ProxyResponder.h):
// the queue, the connection handed over, the client's hang-up, the 503.
#include "http/ProxyResponder.h"

#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/post.hpp>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

void ProxyResponder::queue()
{
    bumpCounter(m_worker.counters().proxyQueued);
    m_worker.upstreams().wait(*m_slots, *this);
    arm(); // the site's upstream timeout: queueTimedOut()
    m_client.watchHangup(); // its hang-up ends the wait: hungUp()
}

void ProxyResponder::upstreamReady(std::optional<Socket> socket)
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
    m_reused = true;
    m_outcome.timing.connectUs = sinceStart();
    send();
}

void ProxyResponder::hungUp()
{
    if (m_finished || !isWaiting())
        return; // handed a connection, timed out, or aborted meanwhile
    // The client is gone, its place in the queue with it (nginx's 499).
    leaveQueue();
    m_outcome.clientGone = true;
    m_outcome.status = 499;
    finish(false);
}

void ProxyResponder::queueTimedOut()
{
    leaveQueue();
    m_client.cancel(); // the watch
    m_outcome.retryAfterS = 1; // RFC 9110 §10.2.3: the upstream is busy, not down
    fail(ProxyError::QueueTimeout, 503);
}

void ProxyResponder::leftQueue()
{
    // abort() comes from Connection::close(), which goes on with the connection afterwards:
    // finish() (and with it Connection::proxyDone()) must not run inside it.
    leaveQueue();
    m_timer.cancel();
    asio::post(m_worker.context(), [self = shared_from_this()] { self->finish(false); });
}

} // namespace hostbench::http
