#pragma once

#include "http/RequestParser.h"

#include <boost/beast/http/error.hpp>

#include <cstddef>
#include <cstdlib>
#include <string>

namespace hostbench::testing {

// Where a feeding of a RequestParser stands.
struct FeedResult
{
    int status = 0; // the refusing status (errorStatus()); 0 while parsing or once parsed
    bool done = false; // the whole request (head and body) has been parsed
    std::size_t consumed = 0; // bytes the parser has used
};

/*
 * One feeding step as Connection::processInput does it: feeds what is
 * buffered until the parser needs more, fails or has the whole request, and
 * drops from `buffer` what it used. True once there is an answer (done or
 * refused). Shared by tst_requestparser and the fuzz target
 * fuzz_request_parser, which feed a head whole and a byte at a time.
 */
inline bool feedStep(http::RequestParser &parser, std::string &buffer, FeedResult &out)
{
    while (!buffer.empty()) {
        boost::beast::error_code ec;
        const std::size_t used = parser.feed(boost::asio::const_buffer(buffer.data(), buffer.size()), ec);
        if (used > buffer.size())
            std::abort(); // the parser used bytes it was not given
        buffer.erase(0, used);
        out.consumed += used;
        if (ec == boost::beast::http::error::need_more)
            return false;
        if (ec) {
            out.status = parser.errorStatus(ec);
            return true;
        }
        if (parser.is_done()) {
            out.done = true;
            return true;
        }
        if (used == 0)
            return false;
    }
    return false;
}

} // namespace hostbench::testing
