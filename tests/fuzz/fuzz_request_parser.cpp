// Fuzz target: the engine's request parser (RequestParser over Beast), fed
// as a connection feeds it (Connection::processInput), once with the whole
// input and once a byte at a time.
// Properties:
//  - a request parsed in one feeding is parsed in the other, the same
//    (method, target, version, Host, the conditional and range fields) after
//    the same number of bytes; a request refused trickled is refused whole;
//    fed whole, a malformed field line may be refused while the trickled
//    feeding still waits for the end of the head (see below);
//  - a parsed request has a target, HTTP/1.0 or 1.1, and a Host on 1.1;
//  - its target's normalised path (when it has one) starts with '/' and holds
//    no "." or ".." segment, and the virtual-host lookup names a site.
#include "../http/ParserFeed.h"
#include "FuzzCheck.h"

#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"

#include <cstdint>
#include <string>
#include <string_view>

using namespace hostbench;

namespace {

const http::SiteTable &sites()
{
    static const std::shared_ptr<const http::SiteTable> table = [] {
        model::VirtualHost main;
        main.hostName = QStringLiteral("main.test");
        main.aliases = { QStringLiteral("www.main.test") };
        main.documentRoot = QStringLiteral("/nonexistent/main");
        main.isDefault = true;
        model::VirtualHost small;
        small.hostName = QStringLiteral("small.test");
        small.documentRoot = QStringLiteral("/nonexistent/small");
        small.limits.maxBodyBytes = 64;
        QString error;
        return http::SiteTable::build({ main, small }, 1, nullptr, false, &error);
    }();
    return *table;
}

struct Outcome : testing::FeedResult
{
    http::Request request;
};

Outcome whole(std::string_view input)
{
    Outcome out;
    http::RequestParser parser(out.request, sites());
    std::string buffer(input);
    testing::feedStep(parser, buffer, out);
    return out;
}

Outcome bytewise(std::string_view input)
{
    Outcome out;
    http::RequestParser parser(out.request, sites());
    std::string buffer;
    for (const char c : input) {
        buffer.push_back(c);
        if (testing::feedStep(parser, buffer, out))
            break;
    }
    return out;
}

bool sameRequest(const http::Request &a, const http::Request &b)
{
    return a.method == b.method && a.methodName == b.methodName && a.version == b.version
        && a.target == b.target && a.host == b.host && a.keepAlive == b.keepAlive && a.ifMatch == b.ifMatch
        && a.ifNoneMatch == b.ifNoneMatch && a.ifModifiedSince == b.ifModifiedSince
        && a.ifUnmodifiedSince == b.ifUnmodifiedSince && a.ifRange == b.ifRange && a.range == b.range
        && a.acceptEncoding == b.acceptEncoding;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 4096)
        return 0; // a byte-at-a-time feeding is quadratic; heads past 4 KiB add nothing new
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const Outcome a = whole(input);
    const Outcome b = bytewise(input);

    if (b.done) {
        // Parsed a byte at a time: parsed the same fed whole (compared below).
        FUZZ_CHECK(a.done);
    } else if (b.status != 0) {
        // Refused a byte at a time: refused fed whole. A head with several
        // faults may be refused for another of them: our own checks of each
        // line run as its LF arrives, Beast's as described below.
        FUZZ_CHECK(a.status != 0);
        FUZZ_CHECK(!a.done);
    } else {
        // Still waiting for the rest of the head: Beast parses the field
        // lines it has on its first try only, then waits for the blank line
        // before it looks again, so a malformed field line can be refused
        // fed whole and not yet when trickled. Nothing parses whole that is
        // not parsed trickled.
        FUZZ_CHECK(!a.done);
    }
    FUZZ_CHECK(a.status == 0 || (a.status >= 400 && a.status <= 505));
    if (!a.done)
        return 0;
    FUZZ_CHECK(a.consumed == b.consumed);
    FUZZ_CHECK(sameRequest(a.request, b.request));
    FUZZ_CHECK(!a.request.target.empty());
    FUZZ_CHECK(a.request.version == 10 || a.request.version == 11);
    FUZZ_CHECK(a.request.version == 10 || !a.request.host.empty());

    http::RequestTarget target;
    if (http::RequestTarget::split(a.request.target, target)) {
        std::string path;
        if (http::RequestTarget::normalizePath(target.path, path)) {
            FUZZ_CHECK(!path.empty() && path.front() == '/');
            FUZZ_CHECK(path.find("/../") == std::string::npos && path.find("/./") == std::string::npos);
            FUZZ_CHECK(path.find("//") == std::string::npos);
            FUZZ_CHECK(!(path.size() >= 2 && path.compare(path.size() - 2, 2, "/.") == 0));
            FUZZ_CHECK(!(path.size() >= 3 && path.compare(path.size() - 3, 3, "/..") == 0));
            FUZZ_CHECK(path.find('\0') == std::string::npos && path.find('\\') == std::string::npos);
        }
        const std::string_view host
            = target.authority.empty() ? std::string_view(a.request.host) : target.authority;
        FUZZ_CHECK(sites().indexForHost(host) < sites().size());
    }
    return 0;
}
