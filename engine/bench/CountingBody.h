#pragma once

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/optional.hpp>

#include <cstdint>

namespace hostbench::bench {

/*
 * A Beast Body that keeps nothing but the number of body bytes: the load
 * generator needs the length (ab's length check, HTML transferred), never
 * the content, so a 128 MB response costs no memory. Follows Beast's
 * BodyReader concept (boost/beast/http/type_traits.hpp).
 *
 * Thread: the connection's generator thread.
 */
struct CountingBody
{
    using value_type = std::uint64_t; // body bytes received

    class reader
    {
    public:
        template <bool isRequest, class Fields>
        reader(boost::beast::http::header<isRequest, Fields> &, value_type &bytes)
            : m_bytes(bytes)
        { }

        void init(const boost::optional<std::uint64_t> &, boost::beast::error_code &ec)
        {
            m_bytes = 0;
            ec = {};
        }

        template <class ConstBufferSequence>
        std::size_t put(const ConstBufferSequence &buffers, boost::beast::error_code &ec)
        {
            const std::size_t n = boost::asio::buffer_size(buffers);
            m_bytes += n;
            ec = {};
            return n;
        }

        void finish(boost::beast::error_code &ec) { ec = {}; }

    private:
        value_type &m_bytes;
    };
};

} // namespace hostbench::bench
