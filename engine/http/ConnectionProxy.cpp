// Connection's side of a proxied request: the hand-over to a ProxyResponder
// and its end, counted and logged as any other response (Connection.h).
#include "Connection.h"

#include "http/ProxyResponder.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <algorithm>

namespace hostbench::http {

bool Connection::startProxy()
{
    m_parsedAt = std::chrono::steady_clock::now();
    // Stamped right before the answer's first byte goes out, as writeResponse() does; on its
    // way in the log's order until proxyDone() logs it (a slow upstream holds no line back).
    auto begin = [this] { beginResponse(); };
    auto done = [this](const ProxyOutcome &outcome) { proxyDone(outcome); };
    m_proxy = ProxyResponder::forRequest(
        m_worker, m_client, shared_from_this(), *m_sites, std::move(begin), std::move(done));
    if (!m_proxy)
        return false;
    m_phase = Phase::Proxying;
    m_deadline = ~0u; // the responder's own timeouts apply
    std::string leftover; // an upgrade's: what the client sent after its request belongs to the tunnel
    if (m_proxy->isUpgrade()) {
        const auto input = m_input.data();
        leftover.assign(static_cast<const char *>(input.data()), input.size());
        m_input.clear();
    }
    const std::shared_ptr<ProxyResponder> proxy = m_proxy; // proxyDone() may come from start() itself
    proxy->start(std::move(leftover));
    return true;
}

void Connection::proxyDone(const ProxyOutcome &outcome)
{
    const std::shared_ptr<ProxyResponder> finished = std::move(m_proxy); // lives until this returns
    upstreamDone(outcome, finished->siteCounters());
}

void Connection::upstreamDone(const ProxyOutcome &outcome, SiteCounters *site)
{
    m_response.clear();
    m_response.site = site;
    m_response.errorReason = outcome.reason;
    m_response.upstream = outcome.timing;
    if (!outcome.relayed) {
        if (outcome.clientGone || !m_stream.is_open()) {
            // The client left (or close(): the worker stops) before an answer began: nginx's 499.
            m_response.status = 499;
            beginResponse();
            abortResponse();
            return;
        }
        // Nothing went to the client yet: the usual error answer, kept alive if the client may go on.
        outcome.answerError(m_request.method == Request::Method::Head, m_response);
        m_response.keepAlive = outcome.keepAlive && m_request.keepAlive && !m_worker.isStopping();
        if (writeResponse() && finishResponse())
            processInput();
        return;
    }
    // The responder wrote the answer itself: what it sent is this response's.
    m_response.status = outcome.status;
    m_response.keepAlive = outcome.keepAlive && m_stream.is_open();
    m_response.contentLength = outcome.bodyBytes;
    bumpCounter(m_worker.counters().bytesSent, outcome.bytesSent);
    m_responseBytes = outcome.bytesSent;
    m_headBytes = outcome.bytesSent - std::min(outcome.bytesSent, outcome.bodyBytes);
    if (outcome.cutShort)
        abortResponse(); // counted and logged with the bytes sent, as a download given up
    else if (finishResponse())
        processInput();
}

} // namespace hostbench::http
