import { Pagination, A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import type { EventItem } from '../../lib/types.ts';
import EventCard from '../events/EventCard.tsx';

/** "What we have done": one event per view, 30 px apart, with clickable pagination (spec §2). Loaded lazily. */
export default function EventsSlider({ events, now }: { events: EventItem[]; now: Date }) {
  return (
    <Swiper
      modules={[Pagination, A11y]}
      slidesPerView={1}
      spaceBetween={30}
      pagination={{ clickable: true }}
      className="!pb-12"
    >
      {events.map((event) => (
        <SwiperSlide key={event.id} className="!flex !h-auto">
          <EventCard event={event} now={now} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
