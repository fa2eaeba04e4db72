// Fuzz target: the engine's HTTP/2 input path (issue #27). A real
// Http2Connection (nghttp2's server session, the worker's RequestHandler and
// a real document root) reads the client preface and then the input from
// one end of a socket pair, in pieces, as a client would send it; the fuzz
// target reads what the server writes from the other end. The first byte is
// the size of the pieces (0: the whole input at once), the rest follows the
// client preface, which is sent first.
// Properties of what the server writes, whatever the client sent:
//  - whole frames (RFC 9113 §4.1), the first our SETTINGS (§3.4);
//  - frame types 0-9 and never PUSH_PROMISE (we push nothing), HEADERS,
//    DATA and RST_STREAM only on an odd stream (the client's, §5.1.1),
//    SETTINGS, PING and GOAWAY only on stream 0; no DATA frame over
//    16,384 bytes (the default SETTINGS_MAX_FRAME_SIZE);
//  - every header block (HEADERS and its CONTINUATION frames) decodes with
//    HPACK (RFC 7541) in order, starts with a 3-digit :status from 100 to
//    599 and has no connection-specific field (§8.2.2);
//  - a stream's DATA never exceeds the content-length of its response, and
//    matches it when the stream ends with DATA;
//  - GOAWAY's last stream never goes up (§6.8);
// and no crash, leak or sanitizer report (ASan, UBSan) in the engine.
#include "FuzzCheck.h"

#include "http/Http2Connection.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"
#include "tls/TlsStream.h"

#include "model/ServerConfig.h"
#include "model/VirtualHost.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <nghttp2/nghttp2.h>

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <string_view>

using namespace hostbench;

namespace {

// The document root, the site table and one worker whose io_context the
// fuzz target runs itself (Worker::start is never called: no thread, no
// listener, no tick). Made once; the folder is removed at exit.
struct Engine
{
    QTemporaryDir root;
    http::WorkerCounters counters;
    std::unique_ptr<http::Worker> worker;

    Engine()
    {
        QDir(root.path()).mkpath(QStringLiteral("folder"));
        auto write = [&](const QString &name, const QByteArray &bytes) {
            QFile file(root.filePath(name));
            if (file.open(QIODevice::WriteOnly))
                file.write(bytes);
        };
        write(QStringLiteral("index.html"), "<p>index</p>\n");
        write(QStringLiteral("folder/a.txt"), QByteArray(20000, 'a'));
        write(QStringLiteral("style.css"), "p { }\n");
        write(QStringLiteral("style.css.gz"), QByteArray("\x1f\x8b\x08\x00", 4) + QByteArray(20, '\0'));
        model::VirtualHost site;
        site.hostName = QStringLiteral("a.test");
        site.isDefault = true;
        site.documentRoot = root.path();
        site.directoryListing = true;
        site.accessLogEnabled = false;
        site.errorLogEnabled = false;
        model::Route route;
        route.path = QStringLiteral("/hello");
        route.body = "hello\n";
        site.routes = { route };
        model::VirtualHost other = site;
        other.hostName = QStringLiteral("b.test");
        other.isDefault = false;
        other.routes = {};
        // Proxied and PHP paths (Http2ClientSide, the responders): to a unix socket that is
        // not there, so each ends in the proxy's or PHP's 502 within the run.
        QDir(root.path()).mkpath(QStringLiteral("php"));
        write(QStringLiteral("php/x.php"), "<?php echo 1;");
        model::VirtualHost dynamic = other;
        dynamic.hostName = QStringLiteral("c.test");
        dynamic.documentRoot = root.filePath(QStringLiteral("php"));
        dynamic.proxy.routes
            = { { QStringLiteral("/api"), QStringLiteral("unix:/nonexistent/hostbench-fuzz.sock") } };
        dynamic.php.address = QStringLiteral("unix:/nonexistent/hostbench-fuzz-php.sock");
        model::ServerConfig config;
        QString error;
        auto sites = http::SiteTable::build({ site, other, dynamic }, 1, nullptr, false, &error);
        FUZZ_CHECK(sites != nullptr);
        worker = std::make_unique<http::Worker>(0, counters, std::move(sites), config);
    }
};

Engine &engine()
{
    static Engine made;
    return made;
}

// The connection and its socket, kept alive by the handlers under way
// through `owner` (a weak pointer to this), as a Connection keeps its own.
struct Held
{
    explicit Held(boost::asio::ip::tcp::socket socket)
        : stream(std::move(socket))
    { }
    tls::Stream stream;
    std::unique_ptr<http::Http2Connection> connection;
};

std::uint32_t word24(const unsigned char *p)
{
    return (std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2];
}

std::uint32_t word32(const unsigned char *p)
{
    return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

struct StreamSeen
{
    long long contentLength = -1;
    std::uint64_t data = 0;
};

// Checks the properties above on all the server wrote.
void checkOutput(std::string_view out)
{
    nghttp2_hd_inflater *inflater = nullptr;
    FUZZ_CHECK(nghttp2_hd_inflate_new(&inflater) == 0);
    std::map<std::uint32_t, StreamSeen> streams;
    std::string block; // a header block being gathered
    std::uint32_t blockStream = 0;
    bool first = true;
    std::uint32_t lastGoaway = 0x7fffffff;
    std::size_t at = 0;
    while (out.size() - at >= 9) {
        const auto *head = reinterpret_cast<const unsigned char *>(out.data() + at);
        const std::uint32_t length = word24(head);
        const unsigned type = head[3];
        const unsigned flags = head[4];
        const std::uint32_t stream = word32(head + 5) & 0x7fffffff;
        if (out.size() - at - 9 < length)
            break; // cut by the end of the run: the rest was not written yet
        const std::string_view payload = out.substr(at + 9, length);
        at += 9 + length;
        if (first) {
            FUZZ_CHECK(type == NGHTTP2_SETTINGS && (flags & NGHTTP2_FLAG_ACK) == 0 && stream == 0);
            first = false;
        }
        FUZZ_CHECK(type <= NGHTTP2_CONTINUATION && type != NGHTTP2_PUSH_PROMISE);
        FUZZ_CHECK(block.empty() || type == NGHTTP2_CONTINUATION);
        switch (type) {
        case NGHTTP2_DATA:
        case NGHTTP2_HEADERS:
        case NGHTTP2_RST_STREAM:
            FUZZ_CHECK(stream % 2 == 1);
            break;
        case NGHTTP2_SETTINGS:
        case NGHTTP2_PING:
        case NGHTTP2_GOAWAY:
            FUZZ_CHECK(stream == 0);
            break;
        default:
            break;
        }
        if (type == NGHTTP2_DATA) {
            FUZZ_CHECK(length <= 16384);
            StreamSeen &seen = streams[stream];
            seen.data += length;
            if (seen.contentLength >= 0) {
                FUZZ_CHECK(seen.data <= std::uint64_t(seen.contentLength));
                if (flags & NGHTTP2_FLAG_END_STREAM)
                    FUZZ_CHECK(seen.data == std::uint64_t(seen.contentLength));
            }
        }
        if (type == NGHTTP2_GOAWAY && length >= 4) {
            const std::uint32_t last
                = word32(reinterpret_cast<const unsigned char *>(payload.data())) & 0x7fffffff;
            FUZZ_CHECK(last <= lastGoaway);
            lastGoaway = last;
        }
        if (type == NGHTTP2_HEADERS || type == NGHTTP2_CONTINUATION) {
            FUZZ_CHECK(type == NGHTTP2_HEADERS || stream == blockStream);
            blockStream = stream;
            block.append(payload); // we send neither padding nor priority
            if ((flags & NGHTTP2_FLAG_END_HEADERS) == 0)
                continue;
            const auto *in = reinterpret_cast<const std::uint8_t *>(block.data());
            std::size_t left = block.size();
            bool firstField = true;
            StreamSeen &seen = streams[stream];
            for (;;) {
                nghttp2_nv field {};
                int inflated = 0;
                const ssize_t used = nghttp2_hd_inflate_hd2(inflater, &field, &inflated, in, left, 1);
                FUZZ_CHECK(used >= 0);
                in += used;
                left -= std::size_t(used);
                if (inflated & NGHTTP2_HD_INFLATE_EMIT) {
                    const std::string_view name(reinterpret_cast<const char *>(field.name), field.namelen);
                    const std::string_view value(reinterpret_cast<const char *>(field.value), field.valuelen);
                    if (firstField) {
                        FUZZ_CHECK(name == ":status" && value.size() == 3 && value[0] >= '1'
                            && value[0] <= '5' && std::all_of(value.begin(), value.end(), [](char c) {
                                   return c >= '0' && c <= '9';
                               }));
                        firstField = false;
                    }
                    FUZZ_CHECK(name != "connection" && name != "keep-alive" && name != "transfer-encoding"
                        && name != "upgrade" && name != "proxy-connection");
                    if (name == "content-length")
                        seen.contentLength = std::stoll(std::string(value));
                }
                if (inflated & NGHTTP2_HD_INFLATE_FINAL) {
                    nghttp2_hd_inflate_end_headers(inflater);
                    break;
                }
                FUZZ_CHECK(!(used == 0 && left == 0)); // a block that does not end
            }
            FUZZ_CHECK(!firstField); // every block holds :status
            block.clear();
        }
    }
    nghttp2_hd_inflate_del(inflater);
}

// What the server wrote so far, read without waiting.
void drain(int fd, std::string &out)
{
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0)
            return;
        out.append(buffer, std::size_t(n));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    Engine &made = engine();
    http::Worker &worker = *made.worker;
    boost::asio::io_context &context = worker.context();
    const std::size_t piece = data[0] == 0 ? size : data[0];
    std::string input(http::Http2Connection::kClientPreface);
    input.append(reinterpret_cast<const char *>(data + 1), size - 1);

    int fds[2];
    FUZZ_CHECK(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, fds) == 0);
    boost::asio::ip::tcp::socket socket(context);
    boost::system::error_code ec;
    socket.assign(boost::asio::ip::tcp::v4(), fds[0], ec);
    FUZZ_CHECK(!ec);
    auto held = std::make_shared<Held>(std::move(socket));
    held->connection
        = std::make_unique<http::Http2Connection>(worker, held->stream, std::weak_ptr<void>(held));
    held->connection->start({}, std::string(), false);

    // The input in pieces, the server's turn after each; what it writes is read at once.
    std::string out;
    std::size_t at = 0;
    int stalls = 0;
    while (at < input.size() && stalls < 1000) {
        const std::size_t want = std::min(piece, input.size() - at);
        const ssize_t n = ::write(fds[1], input.data() + at, want);
        if (n > 0) {
            at += std::size_t(n);
            stalls = 0;
        } else {
            ++stalls; // the server reads no more while its own writes wait: read them
        }
        context.restart();
        context.poll();
        drain(fds[1], out);
    }
    for (int round = 0; round < 1000; ++round) {
        context.restart();
        const std::size_t ran = context.poll();
        const std::size_t before = out.size();
        drain(fds[1], out);
        if (ran == 0 && out.size() == before)
            break;
    }
    checkOutput(out);

    // The end: the connection closes, its handlers run (cancelled) and let it go.
    held->connection->close();
    std::weak_ptr<Held> gone = held;
    held.reset();
    for (int round = 0; round < 1000 && !gone.expired(); ++round) {
        context.restart();
        context.poll();
    }
    FUZZ_CHECK(gone.expired());
    ::close(fds[1]);
    return 0;
}
