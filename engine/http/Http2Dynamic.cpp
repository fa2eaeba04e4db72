// Http2Connection's proxied and PHP streams (Http2Connection.h): started once
// their head is read, handed to a ProxyResponder or FastCgiResponder through
// an Http2ClientSide, and ended with the responder's outcome, counted and
// logged as any other stream.
#include "http/Http2Callbacks.h"

#include "http/FastCgiResponder.h"
#include "http/Http2ClientSide.h"
#include "http/ProxyResponder.h"
#include "http/RequestHandler.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"
#include "http/Worker.h"

#include <algorithm>

namespace hostbench::http {

void Http2Connection::startReady()
{
    if (m_ready.empty())
        return;
    m_starting.swap(m_ready);
    for (const std::int32_t id : m_starting) {
        const auto it = m_streams.find(id);
        if (it == m_streams.end() || !it->second->deciding)
            continue; // closed meanwhile (reset with its head)
        Stream &stream = *it->second;
        stream.deciding = false;
        if (startDynamic(stream))
            continue;
        // Static after all: what came of its body is dropped, as on any static path.
        stream.client->dropBody();
        if (stream.client->requestEnded()) {
            respond(stream);
        } else if (stream.dataReceived >= kInitialWindowSize) {
            stream.cutShort = true; // its window is full: answered now, then reset (frameReceived())
            respond(stream);
        }
    }
    m_starting.clear();
}

bool Http2Connection::startDynamic(Stream &stream)
{
    const Request &request = stream.request;
    const SiteTable &sites = *stream.sites;
    RequestTarget target;
    if (misdirected(stream) || !RequestTarget::split(request.target, target))
        return false; // answer()'s 421 or 400
    const Site &site = sites.site(RequestHandler::pickSite(sites, request, target));
    if (!m_stream.isTls() && site.redirectToHttps && m_worker.localPort(true) != 0)
        return false; // answer()'s 308
    Http2ClientSide &client = *stream.client;
    const auto limit = std::uint64_t(std::max<qint64>(site.limits.maxBodyBytes, 0));
    client.startBody(limit); // what came with the head is the responder's first piece
    stream.parsedAt = std::chrono::steady_clock::now();
    const std::shared_ptr<void> owner = m_owner.lock();
    auto begin = [this, &stream] { stamp(stream); };
    auto done = [this, &stream](const ProxyOutcome &outcome) { dynamicDone(stream, outcome); };
    std::shared_ptr<ProxyResponder> proxy
        = ProxyResponder::forRequest(m_worker, client, owner, sites, begin, done);
    std::shared_ptr<FastCgiResponder> php;
    if (!proxy) {
        FastCgiResponder::Dispatch dispatch
            = FastCgiResponder::forRequest(m_worker, client, owner, sites, std::move(begin), std::move(done));
        php = std::move(dispatch.responder);
    }
    if (!proxy && !php) {
        stream.request.body.clear();
        return false; // a static path, or one the PHP rules refuse (answer())
    }
    if (client.bodyLength() > limit || client.bodyTooLarge()) {
        // RequestParser's 413 on HTTP/1.1, before any responder: the body is not read.
        stream.response.clear();
        RequestHandler::answerError(413, stream.response);
        stream.response.site = site.counters.get();
        stream.cutShort = !client.requestEnded(); // RST_STREAM NO_ERROR after the answer
        submit(stream);
        return true;
    }
    client.openWindow();
    stream.dynamic = true;
    ++m_dynamicStreams;
    client.proxy = proxy;
    client.php = php;
    if (proxy)
        proxy->start({}); // its outcome may come from start() itself (dynamicDone)
    else
        php->start();
    return true;
}

void Http2Connection::dynamicDone(Stream &stream, const ProxyOutcome &outcome)
{
    Http2ClientSide &client = *stream.client;
    Response &response = stream.response;
    response.clear();
    response.site = client.responderSite();
    // Alive until this returns (the outcome is the responder's).
    const std::shared_ptr<ProxyResponder> proxy = std::move(client.proxy);
    const std::shared_ptr<FastCgiResponder> php = std::move(client.php);
    stream.dynamic = false;
    --m_dynamicStreams;
    const bool closed = stream.closed || m_closed;
    if (outcome.relayed) {
        response.status = outcome.status;
        response.errorReason = outcome.reason;
        response.upstream = outcome.timing;
        response.contentLength = outcome.bodyBytes;
        stream.bodySent = outcome.bodyBytes;
        stream.answered = true;
        if (!closed && outcome.cutShort)
            client.giveUp(); // RST_STREAM INTERNAL_ERROR: the client must not take it as whole
        else if (!closed && !client.requestEnded())
            endEarly(stream);
    } else if (outcome.clientGone || closed) {
        // The client reset the stream (or the connection went) before an answer began: nginx's 499.
        response.status = 499;
        response.errorReason = outcome.reason;
        response.upstream = outcome.timing;
        stamp(stream);
        stream.answered = true;
    } else {
        // Nothing went to the client yet: the usual error answer (502, 504, 413, 408, ...).
        outcome.answerError(stream.request.method == Request::Method::Head, response);
        response.site = client.responderSite();
        stream.cutShort = !client.requestEnded(); // its body unread: RST_STREAM NO_ERROR after the answer
        submit(stream);
    }
    if (closed) {
        // nghttp2 closed it already: counted and logged now (else when it closes).
        if (stream.answered)
            record(stream);
        releaseStream(&stream);
    }
    scheduleFlush();
}

void Http2Connection::endEarly(Stream &stream)
{
    // The answer went out before the request's end (the upstream answered
    // early, or its upload failed): the client is told to stop its body once
    // the answer's last frame is out (frameSent()), or now if it is.
    if (nghttp2_session_get_stream_local_close(m_session, stream.id) == 1)
        nghttp2_submit_rst_stream(m_session, NGHTTP2_FLAG_NONE, stream.id, NGHTTP2_NO_ERROR);
    else
        stream.cutShort = true;
}

void Http2Connection::abortDynamic()
{
    for (auto &[id, stream] : m_streams) {
        if (!stream->dynamic)
            continue;
        stream->client->closed();
        stream->client->abortResponder(); // its outcome comes later (dynamicDone)
    }
}

} // namespace hostbench::http
