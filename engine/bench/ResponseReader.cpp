#include "ResponseReader.h"

#include <boost/asio/buffer.hpp>
#include <boost/beast/http/error.hpp>

namespace hostbench::bench {

namespace http = boost::beast::http;

ResponseReader::ResponseReader()
    : m_arenaBuffer(new std::byte[kArenaSize])
    , m_arena(m_arenaBuffer.get(), kArenaSize)
{
    restart();
}

void ResponseReader::reset(bool head)
{
    m_head = head;
    m_interim = 0;
    restart();
}

void ResponseReader::restart()
{
    // A parser serves one message (Beast cannot reset one); its fields are
    // few and small, so constructing one per message is cheap.
    m_parser.reset();
    m_arena.release();
    m_parser.emplace(std::piecewise_construct, std::make_tuple(), std::make_tuple(Allocator(&m_arena)));
    m_parser->get().body() = 0; // a skipped (HEAD) body never initialises it
    m_parser->body_limit(boost::none);
    m_parser->eager(true);
    if (m_head)
        m_parser->skip(true);
}

ResponseReader::State ResponseReader::feed(const char *data, std::size_t size, std::size_t &consumed)
{
    consumed = 0;
    while (consumed < size) {
        boost::beast::error_code ec;
        const std::size_t used = m_parser->put(boost::asio::buffer(data + consumed, size - consumed), ec);
        consumed += used;
        if (ec == http::error::need_more)
            return State::NeedMore;
        if (ec)
            return State::Error;
        if (m_parser->is_done()) {
            const unsigned status = m_parser->get().result_int();
            if (status / 100 != 1 || status == 101)
                return State::Done;
            // An interim response (RFC 9110 §15.2): the final one follows.
            ++m_interim;
            restart();
            continue;
        }
        if (used == 0)
            break;
    }
    return m_parser->is_done() ? State::Done : State::NeedMore;
}

ResponseReader::State ResponseReader::atEnd()
{
    if (m_parser->is_done())
        return State::Done;
    if (!m_parser->got_some())
        return State::Error;
    boost::beast::error_code ec;
    m_parser->put_eof(ec);
    return !ec && m_parser->is_done() ? State::Done : State::Error;
}

} // namespace hostbench::bench
