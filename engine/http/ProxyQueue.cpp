// ProxyResponder's wait for an upstream connection when all that the
// worker's pool allows are busy (UpstreamPool's bound, ProxyResponder.h):
// the queue, the connection handed over, the client's hang-up, the 503.
#include "http/ProxyResponder.h"

#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/post.hpp>

#include <sys/socket.h>

#include <cerrno>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

void ProxyResponder::queue()
{
    bumpCounter(m_worker.counters().proxyQueued);
    m_worker.upstreams().wait(*m_slots, *this);
    arm(); // the site's upstream timeout: queueTimedOut()
    watchClientWhileQueued();
}

void ProxyResponder::upstreamReady(std::optional<Socket> socket)
{
    // Called by the pool from another request's end, on this worker's thread: only starts operations.
    m_holdsSlot = true;
    m_timer.cancel();
    beast::error_code ignored;
    m_client.cancel(ignored); // the watch (nothing else waits on the client meanwhile)
    if (!socket) {
        connect();
        return;
    }
    m_upstream.emplace(std::move(*socket));
    m_reused = true;
    m_outcome.timing.connectUs = sinceStart();
    send();
}

void ProxyResponder::watchClientWhileQueued()
{
    m_client.async_wait(asio::socket_base::wait_read, [weak = weak_from_this()](const beast::error_code &ec) {
        const auto self = weak.lock();
        if (ec || !self || !self->isWaiting())
            return; // handed a connection (cancelled), timed out, or aborted
        char byte = 0;
        const ssize_t n = ::recv(self->m_client.native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        if (n > 0)
            return; // more from the client (its body, a pipelined request): it waits, unwatched
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            self->watchClientWhileQueued();
            return;
        }
        // End of stream or an error: the client is gone, its place in the queue with it (nginx's 499).
        self->leaveQueue();
        self->m_outcome.clientGone = true;
        self->m_outcome.status = 499;
        self->finish(false);
    });
}

void ProxyResponder::queueTimedOut()
{
    leaveQueue();
    beast::error_code ignored;
    m_client.cancel(ignored); // the watch
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
