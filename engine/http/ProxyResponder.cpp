#include "http/ProxyResponder.h"

#include "http/FieldText.h"
#include "http/ProxyHead.h"
#include "http/ProxyTunnel.h"
#include "http/Request.h"
#include "http/RequestHandler.h"
#include "http/RequestTarget.h"
#include "http/Response.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <algorithm>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

static_assert(std::tuple_size_v<decltype(WorkerCounters::proxyErrors)> == std::size_t(ProxyError::Count));

ProxyResponder::ProxyResponder(Worker &worker, ClientSide &client, std::shared_ptr<void> owner,
    const Site &site, const UpstreamTarget &target, Begin begin, Done done)
    : m_worker(worker)
    , m_client(client)
    , m_owner(std::move(owner))
    , m_site(site)
    , m_target(target)
    , m_begin(std::move(begin))
    , m_done(std::move(done))
    , m_timer(worker.context())
    , m_clientKeepAlive(client.request().keepAlive)
    , m_headOnly(client.request().method == Request::Method::Head)
{ }

ProxyResponder::~ProxyResponder()
{
    if (m_holdsSlot)
        m_worker.upstreams().release(*m_slots); // finish() never came: handlers destroyed at the stop
}

SiteCounters *ProxyResponder::siteCounters() const
{
    return m_site.counters.get();
}

void ProxyResponder::start(std::string leftover)
{
    m_client.attach(std::shared_ptr<ClientSide::Events>(shared_from_this(), this));
    m_clientLeftover = std::move(leftover);
    if (!m_target.resolved) {
        fail(ProxyError::Refused, 502);
        return;
    }
    UpstreamPool &pool = m_worker.upstreams();
    m_slots = &pool.upstream(m_target.key);
    if (std::optional<Socket> pooled = pool.take(*m_slots)) {
        m_holdsSlot = true;
        m_upstream.emplace(std::move(*pooled));
        m_reused = true;
        m_outcome.timing.connectUs = 0;
        send();
        return;
    }
    if (!pool.reserve(*m_slots)) {
        queue(); // all busy: wait for one
        return;
    }
    m_holdsSlot = true;
    connect();
}

void ProxyResponder::abort()
{
    m_aborted = true;
    if (isWaiting()) {
        leftQueue();
        return;
    }
    if (m_upstream) {
        beast::error_code ignored;
        m_upstream->close(ignored);
    }
    m_timer.cancel();
}

void ProxyResponder::arm()
{
    arm(std::chrono::milliseconds(m_site.upstreamTimeoutMs));
}

void ProxyResponder::arm(std::chrono::milliseconds timeout)
{
    m_timer.expires_after(timeout);
    m_timer.async_wait([weak = weak_from_this()](const beast::error_code &ec) {
        const auto self = weak.lock();
        // A handler already queued when the timer was cancelled and armed again (the queue's
        // wait handed a connection) comes without an error: the new expiry tells.
        if (ec || !self || self->m_finished || self->m_timer.expiry() > Clock::now())
            return;
        if (self->isWaiting()) {
            self->queueTimedOut();
            return;
        }
        self->m_timedOut = true;
        beast::error_code ignored;
        if (self->m_readingClient) {
            self->m_client.cancel(); // a client too slow with its body: 408 (stopUpload)
            return;
        }
        if (self->m_upstream)
            self->m_upstream->close(ignored);
        if (self->m_outcome.relayed)
            self->m_client.giveUp(); // a stalled client write, or a body that stopped
    });
}

std::int64_t ProxyResponder::sinceStart() const
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - m_started).count();
}

void ProxyResponder::connect()
{
    m_reused = false;
    m_upstream.emplace(m_worker.context(), m_target.endpoint.protocol());
    arm();
    m_upstream->async_connect(m_target.endpoint, [self = shared_from_this()](const beast::error_code &ec) {
        self->m_timer.cancel();
        if (ec && self->m_aborted) {
            self->finish(false);
            return;
        }
        if (ec) {
            self->fail(
                self->m_timedOut ? ProxyError::Timeout : ProxyError::Refused, self->m_timedOut ? 504 : 502);
            return;
        }
        const int family = self->m_target.endpoint.protocol().family();
        if (family == AF_INET || family == AF_INET6) {
            const int one = 1;
            ::setsockopt(self->m_upstream->native_handle(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        }
        self->m_outcome.timing.connectUs = self->sinceStart();
        self->send();
    });
}

void ProxyResponder::fail(ProxyError error, int status)
{
    bumpCounter(m_worker.counters().proxyErrors[std::size_t(error)]);
    m_outcome.status = status;
    m_outcome.reason = m_target.reasons[std::size_t(error)];
    if (error == ProxyError::Refused && m_target.resolved) {
        // Most often an app that is not listening yet (or a site's app still starting).
        m_outcome.page = m_acceptsHtml ? m_target.noAppHtml : m_target.noAppText;
        m_outcome.pageType = m_acceptsHtml ? "text/html; charset=utf-8" : "text/plain; charset=utf-8";
        m_outcome.retryAfterS = 1; // RFC 9110 §10.2.3: the app may be starting
    }
    finish(m_clientKeepAlive);
}

void ProxyResponder::finish(bool keepAlive)
{
    if (m_finished)
        return;
    m_finished = true;
    m_timer.cancel();
    if (m_upstream) {
        beast::error_code ignored;
        m_upstream->close(ignored); // not pooled: it may have unread bytes
        m_upstream.reset();
    }
    if (m_holdsSlot) {
        m_holdsSlot = false;
        m_worker.upstreams().release(*m_slots); // to the next request waiting, if any
    }
    // A request body not read to its end leaves the client's stream in doubt.
    m_outcome.keepAlive = keepAlive && m_client.bodyDone();
    if (m_outcome.timing.totalUs < 0 && m_outcome.timing.headerUs >= 0)
        m_outcome.timing.totalUs = sinceStart();
    m_outcome.bytesSent += m_client.bytesSent();
    m_outcome.bodyBytes += m_client.bodyBytes();
    m_client.detach();
    Done done = std::move(m_done);
    m_done = nullptr;
    if (done)
        done(m_outcome);
}

void ProxyOutcome::answerError(bool headOnly, Response &response) const
{
    RequestHandler::answerError(status, response);
    response.headOnly = headOnly; // a HEAD's 502 has no body either
    if (!page.empty()) {
        response.body = page;
        response.contentType = pageType;
        response.contentLength = page.size();
    }
    response.retryAfterS = retryAfterS;
    response.errorReason = reason;
    response.upstream = timing;
}

} // namespace hostbench::http
